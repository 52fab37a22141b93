# CALL: multiplication_sum(5)
# CALL: multiplication_sum(0)
# CALL: triangle_count(6)
# CALL: count_primes(100)
# CALL: count_primes(2)
# CALL: pythagorean(30)
# CALL: while_in_for(5)
# CALL: for_in_while(4)


def multiplication_sum(n):
    s = 0
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            s += i * j
    return s


def triangle_count(n):
    c = 0
    for i in range(n):
        for j in range(i):
            c += 1
    return c


def count_primes(n):
    count = 0
    for k in range(2, n):
        is_prime = True
        d = 2
        while d * d <= k:
            if k % d == 0:
                is_prime = False
                break
            d += 1
        if is_prime:
            count += 1
    return count


def pythagorean(limit):
    found = 0
    for a in range(1, limit):
        for b in range(a, limit):
            for c in range(b, limit):
                if a * a + b * b == c * c:
                    found += 1
    return found


def while_in_for(n):
    total = 0
    for i in range(n):
        j = i
        while j > 0:
            total += j
            j -= 2
    return total


def for_in_while(n):
    total = 0
    while n > 0:
        for k in range(n, 0, -1):
            total = total * 2 + k
        n -= 1
    return total
