#!/usr/bin/env python3
"""Makes the benchmark's photo sets from Debian's wallpaper packages (needs Pillow).

    corpus.py WORK_DIR

WORK_DIR/photos/     ~200 crops of real photos to 8 aspect ratios, 0.5-5 MP, JPEG q90
WORK_DIR/camera/     20 photos at 24 MP (6000x4000 or 4000x6000, upscaled crops)
WORK_DIR/small-1k/   1,000 tiny JPEGs (64x48 and 48x64), distinct copies of a handful of files
WORK_DIR/small-10k/  10,000 of the same
WORK_DIR/variants/   two versions of one photo, for the "one photo changed" rebuild
WORK_DIR/album-3k/   3,000 distinct small photos (9 shapes, 600 px long edge) in one album,
                     for the big-album page bench (bench/album.py)

Deterministic (fixed seed), and a set that already exists is left as it is.
"""
import glob
import os
import random
import shutil
import sys

from PIL import Image, ImageEnhance

from jpeg_comment import with_comment

RATIOS = [(3, 2), (2, 3), (4, 3), (16, 9), (9, 16), (1, 1), (4, 1), (1, 3)]
PHOTO_COUNT = 200
CAMERA_COUNT = 20
MAX_PIXELS = 5_000_000


def sources():
    """The photographic wallpapers: MATE's nature set and each Plasma theme's largest JPEG."""
    found = sorted(glob.glob("/usr/share/backgrounds/mate/nature/*.jpg"))
    found += sorted(glob.glob("/usr/share/backgrounds/mate/abstract/Elephants_5640x3172.jpg"))
    for theme in sorted(glob.glob("/usr/share/wallpapers/*/contents/images")):
        jpegs = glob.glob(os.path.join(theme, "*.jpg"))
        if jpegs:
            found.append(max(jpegs, key=os.path.getsize))
    if len(found) < 10:
        sys.exit("corpus.py: too few wallpapers found; install mate-backgrounds and "
                 "plasma-workspace-wallpapers")
    return found


def crop(image, ratio, rng, fraction):
    """A crop of `ratio` covering `fraction` of the largest such crop, at a random place."""
    rw, rh = ratio
    width, height = image.size
    scale = min(width / rw, height / rh) * fraction
    w, h = max(1, int(rw * scale)), max(1, int(rh * scale))
    left = rng.randint(0, width - w)
    top = rng.randint(0, height - h)
    return image.crop((left, top, left + w, top + h))


def ready(folder, count):
    return os.path.isdir(folder) and len(os.listdir(folder)) >= count


def make_photos(work, images, rng):
    folder = os.path.join(work, "photos")
    if ready(folder, PHOTO_COUNT):
        return
    os.makedirs(folder, exist_ok=True)
    for i in range(PHOTO_COUNT):
        name, image = images[i % len(images)]
        ratio = RATIOS[i % len(RATIOS)]
        piece = crop(image, ratio, rng, rng.uniform(0.55, 1.0))
        if piece.width * piece.height > MAX_PIXELS:
            shrink = (MAX_PIXELS / (piece.width * piece.height)) ** 0.5
            piece = piece.resize((int(piece.width * shrink), int(piece.height * shrink)),
                                 Image.Resampling.LANCZOS)
        piece.save(os.path.join(folder, f"{i:03d}-{name}-{ratio[0]}x{ratio[1]}.jpg"),
                   quality=90)


def make_camera(work, images, rng):
    folder = os.path.join(work, "camera")
    if ready(folder, CAMERA_COUNT):
        return
    os.makedirs(folder, exist_ok=True)
    for i in range(CAMERA_COUNT):
        name, image = images[(i * 7) % len(images)]
        size = (6000, 4000) if i % 4 else (4000, 6000)
        piece = crop(image, size, rng, rng.uniform(0.7, 1.0))
        piece = piece.resize(size, Image.Resampling.BICUBIC)
        piece.save(os.path.join(folder, f"camera-{i:02d}-{name}.jpg"), quality=90)


def make_small(work, images, rng):
    """Tiny files, made once and copied under many names, each copy made distinct by a JPEG
    comment segment with its number after the SOI marker: byte-identical copies would be
    folded into one photo (`DuplicateFolding`), and the bench would time 8 photos, not 1,000."""
    originals = []
    for i, (name, image) in enumerate(images[:8]):
        size = (64, 48) if i % 3 else (48, 64)
        originals.append(crop(image, size, rng, 1.0).resize(size, Image.Resampling.LANCZOS))
    for count, folder_name in [(1_000, "small-1k"), (10_000, "small-10k")]:
        folder = os.path.join(work, folder_name)
        marker = os.path.join(folder, ".distinct")
        if ready(folder, count) and os.path.exists(marker):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
        first = os.path.join(folder, "template")
        paths = []
        for i, image in enumerate(originals):
            path = f"{first}-{i}.jpg"
            image.save(path, quality=85)
            paths.append(path)
        templates = []
        for path in paths:
            with open(path, "rb") as f:
                templates.append(f.read())
            os.remove(path)
        for i in range(count):
            with open(os.path.join(folder, f"tiny-{i:05d}.jpg"), "wb") as f:
                f.write(with_comment(templates[i % len(templates)], f"tessera bench tiny photo {i}"))
        open(marker, "w").close()


def make_variants(work):
    """The original of photos/000 and a brightened copy; the bench swaps them in turn."""
    folder = os.path.join(work, "variants")
    os.makedirs(folder, exist_ok=True)
    photo = sorted(glob.glob(os.path.join(work, "photos", "*.jpg")))[0]
    shutil.copyfile(photo, os.path.join(folder, "a.jpg"))
    with Image.open(photo) as image:
        ImageEnhance.Brightness(image).enhance(1.1).save(os.path.join(folder, "b.jpg"),
                                                         quality=90)
    with open(os.path.join(folder, "target"), "w") as f:
        f.write(photo + "\n")


ALBUM_COUNT = 3000
ALBUM_RATIOS = [(3, 2), (2, 3), (4, 3), (3, 4), (16, 9), (9, 16), (1, 1), (4, 1), (5, 4)]


def make_album(work, images, rng):
    """One album of 3,000 distinct photos: crops of the wallpapers shrunk first (so each
    photo costs a crop and a small resize), every file different, 600 px on the long edge."""
    folder = os.path.join(work, "album-3k")
    if ready(folder, ALBUM_COUNT):
        return
    os.makedirs(folder, exist_ok=True)
    small = []
    for name, image in images:
        shrink = 1600 / max(image.size)
        small.append((name, image.resize((int(image.width * shrink), int(image.height * shrink)),
                                         Image.Resampling.BILINEAR) if shrink < 1 else image))
    for i in range(ALBUM_COUNT):
        name, image = small[i % len(small)]
        ratio = ALBUM_RATIOS[(i * 7 + i // len(small)) % len(ALBUM_RATIOS)]
        piece = crop(image, ratio, rng, rng.uniform(0.4, 1.0))
        shrink = 600 / max(piece.size)
        if shrink < 1:
            piece = piece.resize((max(1, int(piece.width * shrink)), max(1, int(piece.height * shrink))),
                                 Image.Resampling.BILINEAR)
        piece.save(os.path.join(folder, f"IMG_{i:04d}.jpg"), quality=85)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    work = sys.argv[1]
    rng = random.Random(20260417)
    images = []
    for path in sources():
        image = Image.open(path).convert("RGB")
        images.append((os.path.basename(os.path.dirname(os.path.dirname(os.path.dirname(path))))
                       if "/wallpapers/" in path else os.path.splitext(os.path.basename(path))[0],
                       image))
    make_photos(work, images, rng)
    make_camera(work, images, rng)
    make_small(work, images, rng)
    make_variants(work)
    make_album(work, images, rng)


if __name__ == "__main__":
    main()
