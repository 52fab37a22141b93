"""Seed 000 (what is Numba), its CUDA cells with `from rumba import cuda`: on a GPU when there is
one, else in rumba's simulator (with a warning). Each result is checked against NumPy."""
import math

import numpy
import numpy as np

from rumba import cuda

print("GPU" if cuda.is_available() and not cuda.simulating() else "simulator")

original = np.arange(0.0, 10.0, 0.01, dtype='f4')
shuffled = original.copy()
np.random.shuffle(shuffled)


@cuda.jit
def bubblesort(X):
    N = len(X)
    for end in range(N, 1, -1):
        for i in range(end - 1):
            cur = X[i]
            if cur > X[i + 1]:
                tmp = X[i]
                X[i] = X[i + 1]
                X[i + 1] = tmp


# The seed calls the kernel without a launch configuration, which Numba refuses too; one thread
# sorts the whole array.
sorted_arr = shuffled.copy()
bubblesort[1, 1](sorted_arr)
print(np.array_equal(sorted_arr, original))


@cuda.jit
def increment_kernel(io_array):
    pos = cuda.grid(1)
    # x, y = cuda.grid(2) # For 2D array
    if pos < io_array.size:
        io_array[pos] += 1 # do the computation


# Create the data array - usually initialized some other way
data = numpy.ones(256)

# Set the number of threads in a block
threadsperblock = 32

# Calculate the number of thread blocks in the grid
blockspergrid = (data.size + (threadsperblock - 1)) // threadsperblock

# Now start the kernel
increment_kernel[blockspergrid, threadsperblock](data)

# Print the result
print(data)
assert np.array_equal(data, np.full(256, 2.0))


@cuda.jit
def double_kernel(io_array):
    # Thread id in a 1D block
    tx = cuda.threadIdx.x
    # Block id in a 1D grid
    ty = cuda.blockIdx.x
    # Block width, i.e. number of threads per block
    bw = cuda.blockDim.x
    # Compute flattened index inside the array
    pos = tx + ty * bw
    if pos < io_array.size:  # Check array boundaries
        io_array[pos] *= 2 # do the computation


# Now start the kernel
double_kernel[blockspergrid, threadsperblock](data)

# Print the result
print(data)
assert np.array_equal(data, np.full(256, 4.0))


# CUDA kernel
@cuda.jit
def double_kernel_2D(io_array):
    row, col = cuda.grid(2)
    if row < io_array.shape[0] and col < io_array.shape[1]:
        io_array[row][col] *= 2 # do the computation


# Host code
data = numpy.ones((1024,1024))

# Configure the blocks
threadsperblock = (64, 16) #ThreadsPerBlock must be a divisor of the data dimension: 1024/ 64 / 16 = 1
blockspergrid_x = int(math.ceil(data.shape[0] / threadsperblock[0]))
blockspergrid_y = int(math.ceil(data.shape[1] / threadsperblock[1]))
blockspergrid = (blockspergrid_x, blockspergrid_y)

double_kernel_2D[blockspergrid, threadsperblock](data)
print(data)
assert np.array_equal(data, np.full((1024, 1024), 2.0))

a = np.ones(100, dtype=np.float64)
b = np.ones(100, dtype=np.float64)


@cuda.jit(device=True)
def cudaDevice_func(a, b):
  for i in range(2):
    a = math.exp(a*b)
  return a


@cuda.jit
def cudaKernal_func(a, b, result): # cuda.jit does not return result yet
  pos = cuda.grid(1)
  if (pos < a.shape[0]) and (pos < b.shape[0]):
    result[pos] = cudaDevice_func(a[pos], b[pos])


result = np.zeros(100, dtype=np.float64)
threadsperblock = 32
blockspergrid = (a.shape[0] + (threadsperblock - 1)) // threadsperblock


cudaKernal_func[threadsperblock, blockspergrid](a, b, result)

print(result)
assert np.allclose(result, np.exp(np.exp(1.0)))

# Host code
data = numpy.ones((1024,1024))
cuda.synchronize()
# Configure the blocks
threadsperblock = (64, 16) #ThreadsPerBlock must be a divisor of the data dimension: 1024/ 64 / 16 = 1
blockspergrid_x = int(math.ceil(data.shape[0] / threadsperblock[0]))
blockspergrid_y = int(math.ceil(data.shape[1] / threadsperblock[1]))
blockspergrid = (blockspergrid_x, blockspergrid_y)


device_data = cuda.to_device(data)

double_kernel_2D[blockspergrid, threadsperblock](device_data)
cuda.synchronize()
print(device_data.copy_to_host())
assert np.array_equal(device_data.copy_to_host(), np.full((1024, 1024), 2.0))
