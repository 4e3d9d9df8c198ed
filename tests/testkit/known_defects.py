"""Known defects, each left open on its issue, marked where a test meets it (strict: the test
fails again once the defect is fixed, so the mark cannot outlive it).  None is open now: a
mark is defined here as ``NAME = pytest.mark.xfail(strict=True, reason=...)`` with its issue."""
