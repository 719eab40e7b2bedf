"""A scripted random stream for the draw-order tests: it answers each draw from a list
and records which draw was asked (``rn2``/``rnd`` and the modulus), so a test states
the C's order of draws and fails when unlev asks another."""


class Scripted:
    """A stream that answers from a list and records what was asked."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.asked = []

    def _next(self, fn, x):
        self.asked.append((fn, x))
        return self.answers.pop(0)

    def rn2(self, x):
        return self._next("rn2", x)

    def rnd(self, x):
        return self._next("rnd", x)

    def rn1(self, x, y):
        """rnd.c's rn1(x, y) is the macro rn2(x) + y: recorded as the rn2 it is."""
        return self._next("rn2", x) + y
