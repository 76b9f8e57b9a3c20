"""Checks shared by the boto3 end-to-end tests of `ddblab serve` (imported, not a test)."""
import sys

from botocore.exceptions import ClientError


def check(cond, what):
    """Stops the test with FAIL: what, when cond is false."""
    if not cond:
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)


def error_of(call, **kwargs):
    """The (code, message) of the error `call(**kwargs)` must raise; FAIL when it succeeds."""
    try:
        call(**kwargs)
    except ClientError as e:
        return e.response["Error"]["Code"], e.response["Error"]["Message"]
    check(False, "expected an error from %s %s" % (call.__name__, kwargs))
