"""Two threads parse at once (the language server's preview thread beside its main
loop, ``unlev serve``'s page): PLY's parser object is shared per dialect and the
grammar's actions find their DesParser through it, so parses must not interleave."""

import threading

from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_text

GOOD = "\n".join(['MAZE: "t", \' \'', "GEOMETRY:center,center", "MAP", "---", "|.|",
                  "---", "ENDMAP"] + ["$v_%s = %d" % ("".join(chr(97 + int(c)) for c in str(i)), i)
                                   for i in range(300)]) + "\n"
BAD = GOOD + "OBJECT: (\n"


def test_concurrent_parses_each_get_their_own_result():
    failures = []

    def work(text, want_error):
        for _ in range(15):
            try:
                compile_text(text, "t.des")
                got_error = False
            except DesError:
                got_error = True
            except Exception as e:                  # noqa: BLE001 -- the defect
                failures.append(repr(e))
                return
            if got_error != want_error:
                failures.append(f"wrong outcome for {'BAD' if want_error else 'GOOD'}")

    threads = [threading.Thread(target=work, args=(GOOD, False)),
               threading.Thread(target=work, args=(BAD, True)),
               threading.Thread(target=work, args=(GOOD, False))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
