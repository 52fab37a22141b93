"""Strings in compiled code (Numba's `unicode_type`), each function compared with CPython running
the same function on the same arguments: string arguments and results, literals used as values,
`==`/`<`/`in`, `len`, `+`, `*`, indexing, slicing, iteration, `ord`/`chr`, f-strings, `str(n)` and
`%` formatting as values, the methods, strings in lists, dicts and sets, and the exceptions Python
raises on them."""

import os

import pytest

from _compare import MB, jitted, outcome, rss_after
import rumba
from rumba import njit, prange
from rumba.errors import TypingError, UnsupportedError

WORDS = ["", "a", "abc", "hello world", "  padded  ", "MiXeD Case", "ünïcödé", "日本語テキスト", "a,b,,c", "x" * 40]


def same(function, *args):
    """The compiled function's outcome (value or exception type and text) is CPython's."""
    expected = outcome(function, args)
    got = outcome(jitted(function), args)
    assert got[0] == expected[0], (got, expected)
    if expected[0] == "raised":
        assert type(got[1]) is type(expected[1]) and str(expected[1]) in str(got[1]), (got, expected)
    else:
        # A dict compiled code returns is a typed.Dict, as in Numba.
        expected_type = rumba.typed.Dict if type(expected[1]) is dict else type(expected[1])
        assert type(got[1]) is expected_type and got[1] == expected[1], (got, expected)


def identity(s):
    return s


def length(s):
    return len(s)


def concatenated(s, t):
    return s + "|" + t + "!"


def repeated(s, n):
    return s * n + n * "-"


def compared(s, t):
    return (s == t, s != t, s < t, s <= t, s > t, s >= t)


def contains(s, t):
    return (t in s, t not in s, "a" in s)


def indexed(s, i):
    return s[i]


def sliced(s, i, j):
    return (s[i:j], s[i:], s[:j], s[::-1], s[i:j:2], s[::3])


def characters(s):
    total = 0
    out = ""
    for ch in s:
        total += ord(ch)
        out = ch + out
    return total, out


def from_codes(n):
    out = ""
    for i in range(n):
        out += chr(65 + i % 26)
    return out


def formatted(x, n, s):
    return f"x={x:.3f} n={n:>5} s={s!r} [{s:>12}] [{s:<6.2}]", str(n) + str(x), "%d-%.2f" % (n, x)


def methods(s):
    return (s.upper(), s.lower(), s.strip(), s.lstrip(), s.rstrip(), s.capitalize(), s.swapcase(), s.title(),
            s.isdigit(), s.isalpha(), s.isalnum(), s.isspace(), s.isupper(), s.islower(), s.isascii())


def padded_and_parted(s, n):
    return (s.ljust(n), s.rjust(n, "*"), s.center(n), s.center(n, "-"), s.zfill(n), s.strip("ax"), s.lstrip("-+"),
            s.rstrip("dl"), s.partition("l"), s.rpartition("l"), s.partition("zz"), s.rpartition("zz"),
            s.rsplit(), s.rsplit("l", 1), s.split("l", 1), s.isnumeric(), s.isdecimal(), s.istitle())


def centered_with(s, fill):
    return s.center(9, fill)


def indexed_search(s, t):
    return s.index(t), s.rindex(t)


def searches(s, t):
    return s.find(t), s.rfind(t), s.count(t), s.startswith(t), s.endswith(t)


def replaced(s, old, new):
    return s.replace(old, new), s.replace(old, new, 1)


def split_joined(s):
    words = s.split()
    commas = s.split(",")
    return "+".join(words), "/".join(commas), len(s.split(",", 1)), words


def truth(s):
    if s:
        return "full"
    return "empty"


def branches(flag):
    name = "left"
    if flag:
        name = "right"
    return name


def counted(words):
    counts = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return counts


def kept(words, prefix):
    out = []
    for word in words:
        if word.startswith(prefix):
            out.append(word.upper())
    return out


def unique(words):
    seen = set()
    for word in words:
        seen.add(word)
    return len(seen), "b" in seen


def sorted_words(words):
    words.sort()
    return words


SEPARATOR = ", "
GREETING = "hello"


def with_global_strings(words):
    return SEPARATOR.join(words), GREETING.upper() + SEPARATOR.strip(), len(GREETING)


def literal_list():
    return ["x", "yy", "zzz"]


def kinds(s, n):
    return isinstance(s, str), isinstance(n, str), isinstance([s], list), s == 1, s != n


def walked(s, t):
    positions = 0
    same_places = 0
    for i, ch in enumerate(s):
        if ch == "a":
            positions += i
    for a, b in zip(s, t):
        if a == b:
            same_places += 1
    return positions, same_places


def last_with_prefix(names, prefix):
    found = None
    for name in names:
        if name.startswith(prefix):
            found = name
    if found is None:
        return -1, found
    return len(found), found


def label(x):
    if x > 0:
        return "positive"
    return None


def member_of_tuples(mode, n):
    return (mode in ("linear", "cubic"), mode not in ("nearest",), n in (1, 2.5, 3), (mode, n) == ("linear", 2), ("x", 1) != (mode, n))


def sorted_copy(words):
    return sorted(words)


def labelled(pair):
    name, value = pair
    return {name: name.upper() + "=" + str(value)}, (value, name)


def shown(name, x):
    print(name, x)
    print(f"[{name:^9}]", repr(name), (name, x), [name, name + "!"])


@pytest.mark.parametrize("s", WORDS)
def test_arguments_and_results(s):
    same(identity, s)
    same(length, s)
    same(characters, s)
    same(methods, s)
    same(truth, s)
    same(split_joined, s)


@pytest.mark.parametrize("s", WORDS[:6])
@pytest.mark.parametrize("t", ["", "a", "l", "abc", "hello"])
def test_pairs(s, t):
    same(concatenated, s, t)
    same(compared, s, t)
    same(contains, s, t)
    same(searches, s, t)
    same(replaced, s, t, "<>")


@pytest.mark.parametrize("s", ["hello world", "-42", "+7", "x", "", "Title Case Words", "  lead and trail  ", "123"])
@pytest.mark.parametrize("n", [0, 5, 12])
def test_padding_stripping_partitioning(s, n):
    same(padded_and_parted, s, n)


@pytest.mark.parametrize("fill", ["*", "ab", ""])
def test_a_fill_of_other_than_one_character_raises(fill):
    same(centered_with, "mid", fill)


@pytest.mark.parametrize("s, t", [("banana", "an"), ("banana", "x"), ("abc", "")])
def test_index_raises_where_find_finds_nothing(s, t):
    same(indexed_search, s, t)


@pytest.mark.parametrize("n", [-1, 0, 1, 3])
def test_repeat(n):
    same(repeated, "ab", n)


@pytest.mark.parametrize("i", [0, 1, -1, -3, 2, 3, 100, -100])
def test_indexing_and_slicing(i):
    same(indexed, "héllo", i)
    same(sliced, "héllo wörld", i, i + 4)


def test_isinstance_and_comparisons_with_other_types():
    same(kinds, "x", 3)


@pytest.mark.parametrize("s, t", [("banana", "bandana"), ("", "abc"), ("aaa", "a")])
def test_enumerate_and_zip_over_strings(s, t):
    same(walked, s, t)


def test_strings_that_may_be_none():
    same(last_with_prefix, ["ab", "cd", "abc"], "a")
    same(last_with_prefix, ["ab", "cd"], "z")
    same(label, 1)
    same(label, -1)


@pytest.mark.parametrize("mode, n", [("linear", 2), ("cubic", 3), ("nearest", 1), ("x", 1)])
def test_membership_in_tuples_and_tuple_equality(mode, n):
    same(member_of_tuples, mode, n)


def test_text_made_of_values():
    same(formatted, 3.14159, 42, "name")
    same(from_codes, 30)


def test_global_strings_are_strings_too():
    same(with_global_strings, ["a", "b"])


def test_literals_become_strings_where_they_join():
    same(branches, True)
    same(branches, False)
    same(literal_list)


def test_strings_in_containers():
    words = ["a", "b", "a", "c", "b", "a"]
    same(counted, words)
    same(kept, ["apple", "banana", "avocado"], "a")
    same(unique, words)


def test_sorting_strings():
    words = ["pear", "apple", "Banana", "apple", "", "äpfel"]
    same(sorted_words, list(words))
    same(sorted_copy, list(words))
    same(sorted_words, [("b", 2), ("a", 3), ("b", 1)])


def test_strings_in_tuples_and_dict_values():
    same(labelled, ("key", 7))


def test_print_writes_what_cpython_writes(capsys):
    for args in [("ada", 1.5), ("it's", 2)]:
        capsys.readouterr()
        shown(*args)
        expected = capsys.readouterr().out
        jitted(shown)(*args)
        assert capsys.readouterr().out == expected


def test_explicit_signatures_name_unicode_type():
    from rumba import types

    compiled = njit(types.int64(types.unicode_type, types.unicode_type))(searches_count)
    assert compiled("banana", "an") == searches_count("banana", "an")
    assert njit("unicode_type(unicode_type)")(identity)("é") == "é"


def searches_count(s, t):
    return s.count(t)


def test_typed_dicts_of_strings():
    from rumba import typed, types
    from rumba.types import unicode_type

    @njit
    def totals(names, amounts):
        by_name = typed.Dict.empty(key_type=types.unicode_type, value_type=types.float64)
        for i in range(len(names)):
            by_name[names[i]] = by_name.get(names[i], 0.0) + amounts[i]
        return by_name

    @njit
    def labels(n):
        table = typed.Dict.empty(types.int64, unicode_type)
        for i in range(n):
            table[i] = "#" + str(i)
        return table

    names, amounts = ["a", "b", "a"], [1.5, 2.0, 3.0]
    assert totals(names, amounts) == totals.py_func(names, amounts)
    assert labels(3) == labels.py_func(3)
    compiled, interpreted = typed.Dict.empty(types.unicode_type, types.int64), {}
    assert jitted(counted_into)(compiled, ["x", "y", "x"]) == counted_into(interpreted, ["x", "y", "x"])
    assert compiled == interpreted


def counted_into(counts, words):
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return len(counts)


def test_ord_and_chr_raise_as_python():
    same(lambda_free_ord, "ab")
    same(lambda_free_chr, -1)


def lambda_free_ord(s):
    return ord(s)


def lambda_free_chr(n):
    return chr(n)


def test_index_out_of_range_raises():
    same(indexed, "abc", 3)


def test_reads_in_a_parallel_loop():
    @njit(parallel=True)
    def matches(words, target):
        found = 0
        for i in prange(len(words)):
            if words[i] == target:
                found += 1
        return found

    words = ["x", "y", "x", "z"] * 10
    assert matches(words, "x") == matches.py_func(words, "x")


def test_making_strings_in_a_parallel_loop_is_refused():
    @njit(parallel=True)
    def joined(n):
        total = 0
        for i in prange(n):
            total += len(str(i))
        return total

    with pytest.raises(UnsupportedError, match="making a string inside a prange body"):
        joined(10)


def numbered_words(n):
    words = []
    for i in range(n):
        words.append("word-" + str(i) + "-" + "x" * (i % 7))
    return ",".join(words)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
def test_resident_set_stays_flat_over_100000_calls_that_make_strings():
    same(numbered_words, 20)
    before, after = rss_after(lambda: jitted(numbered_words)(20), 100_000)
    # Each call makes about 60 strings (and interns them) and returns one of 200 characters: a
    # leak of them would add hundreds of megabytes.
    assert after - before < max(0.05 * before, 4 * MB), "RSS grew from %d to %d bytes" % (before, after)



def test_threads_making_the_same_strings_each_keep_theirs():
    """Equal strings are one handle whichever thread made them; a string one thread's call let go
    of stays alive while another thread's call holds it."""
    import threading

    expected = numbered_words(30)
    compiled = jitted(numbered_words)
    failures = []

    def work():
        for _ in range(2000):
            got = compiled(30)
            if got != expected:
                failures.append(got)
                return

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures


def lines(s):
    return s.splitlines(), s.splitlines(True), s.splitlines(keepends=True), s.splitlines(False)


def tabs_expanded(s, n):
    return s.expandtabs(), s.expandtabs(n), s.expandtabs(tabsize=n)


def characters_joined(s, t):
    return t.join(s), "".join(s), "-".join("xyz"), s.join("ab")


def searches_between(s, t, i, j):
    return (
        s.find(t, i), s.find(t, i, j), s.rfind(t, i), s.rfind(t, i, j), s.count(t, i), s.count(t, i, j),
        s.startswith(t, i), s.startswith(t, i, j), s.endswith(t, i), s.endswith(t, i, j),
    )


def index_between(s, t, i, j):
    return s.index(t, i, j), s.rindex(t, i), "banana".index("an", i)


@pytest.mark.parametrize("s", ["", "\n", "one", "a\nb\r\nc\rd\n", "\r\n\r\n", "x\x0by\x0cz\x1cw\x1dv\x1eu\x85t\u2028s\u2029r", "end\r"])
def test_splitlines(s):
    same(lines, s)


@pytest.mark.parametrize("s", ["", "\t", "a\tbc\tdef\tg", "ab\n\tc\r\td", "日本\t語\t", "no tabs"])
@pytest.mark.parametrize("n", [-1, 0, 1, 3, 4, 8])
def test_expandtabs(s, n):
    same(tabs_expanded, s, n)


@pytest.mark.parametrize("s", ["", "a", "héllo"])
@pytest.mark.parametrize("t", ["", ", "])
def test_join_of_a_string_joins_its_characters(s, t):
    same(characters_joined, s, t)


@pytest.mark.parametrize("s, t", [("xaaxbaa", "a"), ("banana", "an"), ("abc", ""), ("", ""), ("héllo", "l")])
@pytest.mark.parametrize("i, j", [(0, 100), (1, 5), (2, 1), (-3, -1), (-100, 3), (3, 3), (4, 9), (10, 20)])
def test_searches_with_start_and_end(s, t, i, j):
    same(searches_between, s, t, i, j)
    same(index_between, s, t, i, j)


def too_many_search_arguments(s):
    return s.index("a", 1, 2, 3)


def test_a_search_with_more_than_three_arguments_is_a_located_error():
    with pytest.raises(TypingError, match=r"test_strings.py:\d+:\d+: error: str.index\(\) takes at most 3 arguments \(4 given\)"):
        njit(too_many_search_arguments)("abc")


def empty_string(n):
    return str(), str() + "x" * n, bool(str())


def test_str_of_nothing_is_empty():
    same(empty_string, 2)


def parsed_int(s):
    return int(s)


def parsed_int_in_base(s, base):
    return int(s, base)


def parsed_float(s):
    return float(s)


INT_TEXTS = ["12", " -1_234\n", "+7", "0", "00", "1__2", "_1", "1_", "12x", "", "  ", "٣", "9223372036854775807", "-9223372036854775808", "x" * 300]
FLOAT_TEXTS = ["1.5", " -2.5e-3 ", "1_000.25", "1e999", "inf", "-Infinity", "nan", "+.5", "5.", "1_.5", "abc", "", "e5", "1e", "0x1p3"]


@pytest.mark.parametrize("s", INT_TEXTS)
def test_int_of_a_string_is_cpythons(s):
    if s == "٣":
        pytest.skip("decimal digits beyond ASCII are refused (CPython reads them)")
    same(parsed_int, s)


@pytest.mark.parametrize("s, base", [("ff", 16), ("0xff", 16), ("0x_f", 0), ("0o17", 0), ("0b101", 2), ("z", 36), ("010", 0), ("0_0", 0), ("12", 1), ("12", 37), ("12", 3), ("0x", 16), ("-0B11", 0)])
def test_int_of_a_string_in_a_base_is_cpythons(s, base):
    same(parsed_int_in_base, s, base)


def test_int_of_a_string_beyond_int64_is_an_overflow_error():
    with pytest.raises(OverflowError, match="int too large to convert to int64"):
        njit(parsed_int)("9223372036854775808")


@pytest.mark.parametrize("s", FLOAT_TEXTS)
def test_float_of_a_string_is_cpythons(s):
    expected, got = outcome(parsed_float, (s,)), outcome(jitted(parsed_float), (s,))
    if expected[0] == "ok" and expected[1] != expected[1]:
        assert got[0] == "ok" and got[1] != got[1]
    else:
        same(parsed_float, s)


def string_hashes(s, t):
    return hash(s) == hash(t), hash(s) == hash(s + ""), hash("ab" + "c") == hash("abc")


@pytest.mark.parametrize("s, t", [("abc", "abc"), ("abc", "abd"), ("", "")])
def test_equal_strings_hash_equal(s, t):
    same_text, itself, literal = jitted(string_hashes)(s, t)
    assert itself and literal and (same_text if s == t else not same_text)


def formatted(a, b, name):
    return "{} and {:.2f}".format(a, b), "{1}|{0!r}|{0:>6}|{{}}".format(name, a), "{x:+08.3f}-{y}".format(x=b, y=name)


def test_str_format_is_cpythons():
    same(formatted, 3, 2.5, "ab")
    same(formatted, -1, 1e10, "日本")


def format_evaluated_out_of_order(a):
    return "{1}{0}".format(a + 1, a)


def format_mixed_numbering(a):
    return "{} {0}".format(a)


def format_of_a_string_made_at_run_time(s, a):
    return s.format(a)


def test_str_format_refusals_are_located_errors():
    with pytest.raises(UnsupportedError, match=r"test_strings.py:\d+:\d+: error: str.format\(\) whose fields do not use each argument once"):
        njit(format_evaluated_out_of_order)(1)
    with pytest.raises(TypingError, match=r"test_strings.py:\d+:\d+: error: cannot switch from automatic field numbering to manual field specification"):
        njit(format_mixed_numbering)(1)
    with pytest.raises(UnsupportedError, match=r"test_strings.py:\d+:\d+: error: str.format\(\) of a string made at run time"):
        njit(format_of_a_string_made_at_run_time)("{}", 1)
