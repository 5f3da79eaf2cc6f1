"""One JPEG made distinct from its copies: a comment segment after the SOI marker.

Tessera publishes byte-identical copies once (`DuplicateFolding`), so a bench that copies a
few files under many names adds a comment with each copy's number to time every photo.
"""


def with_comment(jpeg, text):
    """`jpeg` (bytes, starting with SOI) with a COM segment holding `text` right after SOI."""
    data = text.encode()
    return jpeg[:2] + b"\xff\xfe" + (len(data) + 2).to_bytes(2, "big") + data + jpeg[2:]
