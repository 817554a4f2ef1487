"""Card images: validate untrusted image bytes and re-encode them (uploads and imports alike).

Only PNG, JPEG and WebP are opened; decompression bombs are errors, not warnings; the result is
re-encoded as WebP without metadata and named by its content hash, so importing the same file
twice stores one file and changes nothing.
"""

from __future__ import annotations

import hashlib
import io
import warnings

from common.errors import SiteError

ALLOWED_FORMATS = ("PNG", "JPEG", "WEBP")
MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 16_000_000
MAX_SIDE = 6000
MAX_STORED_SIDE = 1200


class ImageRejected(SiteError):
    """The bytes are not an acceptable card image; the message says why, in Spanish."""

    def __init__(self, message: str) -> None:
        super().__init__(message, field="image")


def clean_image(data: bytes) -> tuple[str, bytes]:
    """Return (generated file name, re-encoded WebP bytes) or raise ImageRejected."""
    if len(data) > MAX_BYTES:
        raise ImageRejected(f"la imagen pesa {len(data) // 1024} KiB; el máximo es {MAX_BYTES // 1024} KiB")
    # Pillow loads here, not when the module does: every process imports this one (the admin, the
    # import services) at start-up, and only an upload or an import with images needs it (about
    # 10 ms of each command's start-up, bench/goldfish.py).
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as img:
                width, height = img.size
                if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
                    raise ImageRejected(f"la imagen mide {width}×{height} píxeles; demasiado grande")
                img.load()
                clean = img.convert("RGBA" if img.mode in ("RGBA", "LA", "P") else "RGB")
    except ImageRejected:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageRejected("la imagen tiene demasiados píxeles") from None
    except Exception as exc:  # noqa: BLE001 - Pillow raises many kinds for bad bytes
        raise ImageRejected(f"no es una imagen PNG, JPEG o WebP válida ({type(exc).__name__})") from None
    clean.thumbnail((MAX_STORED_SIDE, MAX_STORED_SIDE))
    out = io.BytesIO()
    clean.save(out, format="WEBP", quality=88, method=4)
    encoded = out.getvalue()
    return f"{hashlib.sha256(encoded).hexdigest()[:32]}.webp", encoded
