"""Copies and kernels overlapping on CUDA streams: the same work (copy a chunk in, run a kernel on
it, copy it back) done on one stream, then spread over four. On a GPU the four streams' copies run
while other chunks' kernels do, so the work takes less time; CUDA events time both. In the
simulator the work is done as it is given and the times are the host's."""
import numpy as np

from rumba import cuda


@cuda.jit
def polish(values, rounds):
    i = cuda.grid(1)
    if i < values.shape[0]:
        x = values[i]
        for _ in range(rounds):
            x = x * 0.999 + 0.001
        values[i] = x


def run(host, device, streams, rounds):
    """The chunks of `host`, each copied in, polished and copied back on the streams in turn;
    milliseconds from the first event to the last."""
    chunks = len(streams) * 4
    size = host.shape[0] // chunks
    start, stop = cuda.event(), cuda.event()
    start.record(streams[0])
    for stream in streams[1:]:
        start.wait(stream)
    for chunk in range(chunks):
        stream = streams[chunk % len(streams)]
        part = slice(chunk * size, (chunk + 1) * size)
        device[part].copy_to_device(host[part], stream=stream)
        polish[(size + 255) // 256, 256, stream](device[part], rounds)
        device[part].copy_to_host(host[part], stream=stream)
    done = []
    for stream in streams:
        event = cuda.event()
        event.record(stream)
        done.append(event)
    for event in done:
        event.wait(streams[0])
    stop.record(streams[0])
    stop.synchronize()
    return start.elapsed_time(stop)


on_gpu = cuda.is_available() and not cuda.simulating()
n = 1 << 26 if on_gpu else 1 << 16
rounds = 400 if on_gpu else 4
start = (np.arange(n) % 1000 / 1000).astype(np.float32)
expected = start[:1000].copy()
for _ in range(rounds):
    expected = expected * np.float32(0.999) + np.float32(0.001)
host = cuda.pinned_array(n, dtype=np.float32)
device = cuda.device_array(n, np.float32)
host[:] = start
run(host, device, [cuda.stream()], rounds)  # compiles the kernel
for count in (1, 4):
    host[:] = start
    milliseconds = run(host, device, [cuda.stream() for _ in range(count)], rounds)
    print("%d stream(s): %.2f ms" % (count, milliseconds))
    np.testing.assert_allclose(host[:1000], expected, rtol=1e-5)
    np.testing.assert_allclose(host[-1000:], expected[(n - 1000) % 1000:].tolist() + expected[:(n - 1000) % 1000].tolist(), rtol=1e-5)
print("results checked")
