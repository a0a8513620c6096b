#!/usr/bin/python3
"""OpenCV's transparent API (cv2.UMat) on clstep, compared with POCL.

OpenCV (Debian's python3-opencv) runs its own OpenCL kernels for core and imgproc functions
given cv2.UMat inputs. This script runs each case below twice, with the same inputs:
  - on clstep, under `clstep-cli exec --record DIR`, where the recorded launches are counted per
    case: a case with 0 launches fell back to OpenCV's CPU code (e.g. because a kernel did not
    build) and fails;
  - on POCL (Debian's pocl-opencl-icd, OCL_ICD_VENDORS=its library).
Both select the device with OPENCV_OPENCL_DEVICE=:CPU: (clstep's device is CL_DEVICE_TYPE_CPU)
and OpenCV's binary cache off. Results must be equal: integer results exactly, float results
within a relative tolerance of 1e-4 (absolute 1e-4 near zero) -- both run the same kernel
source, but builtins like exp/log/pow may round differently within their ULP bounds.

Usage:
  bench/opencv.py [--clstep-cli PATH] [--pocl PATH] [--markdown] [CASE...]
Exit status 0 if every case passed. Needs /usr/bin/python3 with cv2 and numpy
(python3-opencv, python3-numpy) and pocl-opencl-icd.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POCL_DEFAULT = "/usr/lib/x86_64-linux-gnu/libpocl.so.2"
H, W = 48, 64  # image size (rows, columns)
RTOL, ATOL = 1e-4, 1e-4

CASES = []  # (name, function, options)


def case(name, border=0, maxdiff=0, unordered=False):
    """Registers a case. border: pixels at the image's edges left out of the comparison;
    maxdiff: the largest difference allowed for integer results (default: equal);
    unordered: the result is a list of rows in no particular order (compared sorted)."""
    def register(fn):
        CASES.append((name, fn, {"border": border, "maxdiff": maxdiff, "unordered": unordered}))
        return fn
    return register


def inputs():
    """Deterministic inputs, as numpy arrays and UMats."""
    import cv2
    import numpy as np
    rng = np.random.RandomState(29)
    d = {}
    d["bgr"] = rng.randint(0, 256, (H, W, 3)).astype(np.uint8)
    d["bgr2"] = rng.randint(0, 256, (H, W, 3)).astype(np.uint8)
    # a gray image with structure (edges, corners) plus noise
    y, x = np.mgrid[0:H, 0:W]
    shape = ((x // 8 + y // 8) % 2) * 160 + 40
    d["gray"] = np.clip(shape + rng.randint(-20, 21, (H, W)), 0, 255).astype(np.uint8)
    d["gray2"] = rng.randint(0, 256, (H, W)).astype(np.uint8)
    d["f32"] = (rng.rand(H, W).astype(np.float32) * 10 + 0.1).astype(np.float32)
    d["f32b"] = (rng.rand(H, W).astype(np.float32) * 10 - 5).astype(np.float32)
    return {k: (v, cv2.UMat(v)) for k, v in d.items()}


def U(d, name):
    return d[name][1]


# ---- core: per-element arithmetic and logic -------------------------------------------------
@case("add")
def _(cv2, np, d): return cv2.add(U(d, "bgr"), U(d, "bgr2"))
@case("subtract")
def _(cv2, np, d): return cv2.subtract(U(d, "bgr"), U(d, "bgr2"))
@case("multiply")
def _(cv2, np, d): return cv2.multiply(U(d, "f32"), U(d, "f32b"))
@case("divide")
def _(cv2, np, d): return cv2.divide(U(d, "f32b"), U(d, "f32"))
@case("absdiff")
def _(cv2, np, d): return cv2.absdiff(U(d, "bgr"), U(d, "bgr2"))
@case("addWeighted")
def _(cv2, np, d): return cv2.addWeighted(U(d, "gray"), 0.7, U(d, "gray2"), 0.3, 5)
@case("bitwise_and")
def _(cv2, np, d): return cv2.bitwise_and(U(d, "bgr"), U(d, "bgr2"))
@case("bitwise_or")
def _(cv2, np, d): return cv2.bitwise_or(U(d, "bgr"), U(d, "bgr2"))
@case("bitwise_xor")
def _(cv2, np, d): return cv2.bitwise_xor(U(d, "bgr"), U(d, "bgr2"))
@case("bitwise_not")
def _(cv2, np, d): return cv2.bitwise_not(U(d, "bgr"))
@case("min")
def _(cv2, np, d): return cv2.min(U(d, "gray"), U(d, "gray2"))
@case("max")
def _(cv2, np, d): return cv2.max(U(d, "gray"), U(d, "gray2"))
@case("compare")
def _(cv2, np, d): return cv2.compare(U(d, "gray"), U(d, "gray2"), cv2.CMP_GT)
@case("inRange")
def _(cv2, np, d): return cv2.inRange(U(d, "bgr"), (20, 40, 60), (200, 220, 240))
@case("convertScaleAbs")
def _(cv2, np, d): return cv2.convertScaleAbs(U(d, "f32b"), alpha=20, beta=3)
@case("magnitude")
def _(cv2, np, d): return cv2.magnitude(U(d, "f32"), U(d, "f32b"))
@case("phase")
def _(cv2, np, d): return cv2.phase(U(d, "f32"), U(d, "f32b"))
@case("cartToPolar")
def _(cv2, np, d): return cv2.cartToPolar(U(d, "f32"), U(d, "f32b"))
@case("polarToCart")
def _(cv2, np, d): return cv2.polarToCart(U(d, "f32"), U(d, "f32b"))
@case("exp")
def _(cv2, np, d): return cv2.exp(U(d, "f32b"))
@case("log")
def _(cv2, np, d): return cv2.log(U(d, "f32"))
@case("pow")
def _(cv2, np, d): return cv2.pow(U(d, "f32"), 2.5)
@case("sqrt")
def _(cv2, np, d): return cv2.sqrt(U(d, "f32"))
@case("scaleAdd")
def _(cv2, np, d): return cv2.scaleAdd(U(d, "f32"), 2.5, U(d, "f32b"))
@case("blendLinear")
def _(cv2, np, d):
    w1 = cv2.UMat(np.full((H, W), 0.3, np.float32))
    w2 = cv2.UMat(np.full((H, W), 0.7, np.float32))
    return cv2.blendLinear(U(d, "f32"), U(d, "f32b"), w1, w2)
@case("patchNaNs")
def _(cv2, np, d):
    f = d["f32b"][0].copy()
    f[::7, ::5] = np.nan
    u = cv2.UMat(f)
    cv2.patchNaNs(u, -1.0)
    return u
@case("convertFp16")
def _(cv2, np, d): return cv2.convertFp16(U(d, "f32b"))
@case("LUT")
def _(cv2, np, d):
    lut = np.array([(i * 7 + 3) % 256 for i in range(256)], np.uint8)
    return cv2.LUT(U(d, "gray"), lut)


# ---- core: layout ---------------------------------------------------------------------------
@case("flip")
def _(cv2, np, d): return cv2.flip(U(d, "bgr"), -1)
@case("transpose")
def _(cv2, np, d): return cv2.transpose(U(d, "gray"))
@case("rotate")
def _(cv2, np, d): return cv2.rotate(U(d, "gray"), cv2.ROTATE_90_CLOCKWISE)
@case("split")
def _(cv2, np, d): return cv2.split(U(d, "bgr"))
@case("merge")
def _(cv2, np, d): return cv2.merge([U(d, "gray"), U(d, "gray2"), U(d, "gray")])
@case("extractChannel")
def _(cv2, np, d): return cv2.extractChannel(U(d, "bgr"), 1)
@case("mixChannels")
def _(cv2, np, d):
    dst = cv2.UMat(np.zeros((H, W, 3), np.uint8))
    return cv2.mixChannels([U(d, "bgr")], [dst], [0, 2, 1, 1, 2, 0])
@case("setIdentity")
def _(cv2, np, d):
    u = cv2.UMat(d["f32"][0].copy())
    cv2.setIdentity(u, 3.0)
    return u
@case("copyMakeBorder")
def _(cv2, np, d): return cv2.copyMakeBorder(U(d, "gray"), 3, 4, 5, 6, cv2.BORDER_REFLECT_101)
@case("repeat")
def _(cv2, np, d): return cv2.repeat(U(d, "gray"), 2, 3)


# ---- core: reductions -----------------------------------------------------------------------
@case("normalize")
def _(cv2, np, d): return cv2.normalize(U(d, "f32b"), None, 0, 1, cv2.NORM_MINMAX)
@case("minMaxLoc")
def _(cv2, np, d): return cv2.minMaxLoc(U(d, "f32b"))
@case("countNonZero")
def _(cv2, np, d): return cv2.countNonZero(cv2.compare(U(d, "gray"), U(d, "gray2"), cv2.CMP_LT))
@case("sum")
def _(cv2, np, d): return cv2.sumElems(U(d, "bgr"))
@case("norm NORM_INF")
def _(cv2, np, d): return cv2.norm(U(d, "gray"), U(d, "gray2"), cv2.NORM_INF)
@case("reduce")
def _(cv2, np, d): return cv2.reduce(U(d, "f32"), 0, cv2.REDUCE_SUM)


# ---- imgproc: color, geometry ---------------------------------------------------------------
@case("cvtColor BGR2GRAY")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2GRAY)
@case("cvtColor GRAY2BGR")
def _(cv2, np, d): return cv2.cvtColor(U(d, "gray"), cv2.COLOR_GRAY2BGR)
@case("cvtColor BGR2HSV")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2HSV)
@case("cvtColor BGR2YUV")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2YUV)
@case("cvtColor BGR2Lab")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2Lab)
@case("cvtColor BGR2XYZ")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2XYZ)
@case("cvtColor BGR2HLS")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2HLS)
@case("cvtColor BGR2YCrCb")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2YCrCb)
@case("cvtColor BGR2BGRA")
def _(cv2, np, d): return cv2.cvtColor(U(d, "bgr"), cv2.COLOR_BGR2BGRA)
@case("resize linear")
def _(cv2, np, d): return cv2.resize(U(d, "bgr"), (90, 70), interpolation=cv2.INTER_LINEAR)
@case("resize nearest")
def _(cv2, np, d): return cv2.resize(U(d, "gray"), (40, 30), interpolation=cv2.INTER_NEAREST)
@case("resize area")
def _(cv2, np, d): return cv2.resize(U(d, "gray"), (32, 24), interpolation=cv2.INTER_AREA)
@case("warpAffine")
def _(cv2, np, d):
    m = cv2.getRotationMatrix2D((W / 2, H / 2), 17, 0.9)
    return cv2.warpAffine(U(d, "gray"), m, (W, H))
@case("warpAffine cubic")
def _(cv2, np, d):
    m = np.float32([[1, 0.1, 2], [0.05, 1, 1]])
    return cv2.warpAffine(U(d, "gray"), m, (W, H), flags=cv2.INTER_CUBIC)
@case("warpPerspective")
def _(cv2, np, d):
    m = np.array([[0.9, 0.05, 3], [-0.04, 1.1, 2], [0.0005, 0.0003, 1]], np.float64)
    return cv2.warpPerspective(U(d, "gray"), m, (W, H))
@case("remap")
def _(cv2, np, d):
    y, x = np.mgrid[0:H, 0:W].astype(np.float32)
    mx = cv2.UMat((x * 0.9 + 2.5).astype(np.float32))
    my = cv2.UMat((y * 1.1 - 1.5).astype(np.float32))
    return cv2.remap(U(d, "gray"), mx, my, cv2.INTER_LINEAR)
@case("pyrDown")
def _(cv2, np, d): return cv2.pyrDown(U(d, "bgr"))
@case("pyrUp")
def _(cv2, np, d): return cv2.pyrUp(U(d, "gray"))


# ---- imgproc: filters -----------------------------------------------------------------------
@case("GaussianBlur")
def _(cv2, np, d): return cv2.GaussianBlur(U(d, "gray"), (5, 5), 1.3)
@case("boxFilter")
def _(cv2, np, d): return cv2.boxFilter(U(d, "bgr"), -1, (3, 3))
@case("blur")
def _(cv2, np, d): return cv2.blur(U(d, "gray"), (5, 3))
@case("medianBlur")
def _(cv2, np, d): return cv2.medianBlur(U(d, "gray"), 3)
@case("bilateralFilter")
def _(cv2, np, d): return cv2.bilateralFilter(U(d, "gray"), 5, 40, 3)
@case("filter2D")
def _(cv2, np, d):
    k = np.array([[0, -1, 0], [-1, 5, -1], [0, -1, 0]], np.float32)
    return cv2.filter2D(U(d, "gray"), -1, k)
@case("sepFilter2D")
def _(cv2, np, d):
    kx = np.array([1, 2, 1], np.float32) / 4
    ky = np.array([1, 4, 6, 4, 1], np.float32) / 16
    return cv2.sepFilter2D(U(d, "f32"), cv2.CV_32F, kx, ky)
@case("Sobel")
def _(cv2, np, d): return cv2.Sobel(U(d, "gray"), cv2.CV_16S, 1, 0, ksize=3)
@case("Scharr")
def _(cv2, np, d): return cv2.Scharr(U(d, "gray"), cv2.CV_32F, 0, 1)
@case("Laplacian")
def _(cv2, np, d): return cv2.Laplacian(U(d, "gray"), cv2.CV_16S, ksize=3)
# OpenCV's canny.cl reads its __local `mag` halo beyond the image's last column without having
# written it (clstep reports the uninitialized read): the border pixels are undefined.
@case("Canny", border=1)
def _(cv2, np, d): return cv2.Canny(U(d, "gray"), 50, 150)
@case("Canny L2gradient", border=1)
def _(cv2, np, d): return cv2.Canny(U(d, "gray"), 50, 150, L2gradient=True)
@case("sqrBoxFilter")
def _(cv2, np, d): return cv2.sqrBoxFilter(U(d, "gray"), cv2.CV_32F, (3, 3))
@case("Laplacian ksize=5")
def _(cv2, np, d): return cv2.Laplacian(U(d, "gray"), cv2.CV_32F, ksize=5)
@case("threshold")
def _(cv2, np, d): return cv2.threshold(U(d, "gray"), 127, 255, cv2.THRESH_BINARY)[1]
@case("erode")
def _(cv2, np, d): return cv2.erode(U(d, "gray"), np.ones((3, 3), np.uint8))
@case("dilate")
def _(cv2, np, d): return cv2.dilate(U(d, "bgr"), np.ones((3, 3), np.uint8))
@case("morphologyEx gradient")
def _(cv2, np, d):
    return cv2.morphologyEx(U(d, "gray"), cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))


# ---- imgproc: histograms, integrals, features -----------------------------------------------
@case("equalizeHist")
def _(cv2, np, d): return cv2.equalizeHist(U(d, "gray"))
@case("calcHist")
def _(cv2, np, d): return cv2.calcHist([U(d, "gray")], [0], None, [256], [0, 256])
# clahe.cl's transform sums products (`res += lut * w`) before rounding to nearest: POCL
# contracts them into fma (FP_CONTRACT is on by default, OpenCL C 6.10), clstep rounds each
# operation, and a value near .5 rounds to the neighbouring integer.
@case("CLAHE", maxdiff=1)
def _(cv2, np, d): return cv2.createCLAHE(2.0, (4, 4)).apply(U(d, "gray"))
@case("accumulate")
def _(cv2, np, d):
    acc = cv2.UMat(d["f32"][0].copy())
    cv2.accumulate(U(d, "gray"), acc)
    return acc
@case("accumulateWeighted")
def _(cv2, np, d):
    acc = cv2.UMat(d["f32"][0].copy())
    cv2.accumulateWeighted(U(d, "gray"), acc, 0.3)
    return acc
@case("dft")
def _(cv2, np, d): return cv2.dft(U(d, "f32"))
@case("integral")
def _(cv2, np, d): return cv2.integral(U(d, "gray"))
@case("matchTemplate")
def _(cv2, np, d):
    templ = cv2.UMat(np.ascontiguousarray(d["gray"][0][10:18, 20:30]))
    return cv2.matchTemplate(U(d, "gray"), templ, cv2.TM_SQDIFF)
@case("cornerHarris")
def _(cv2, np, d): return cv2.cornerHarris(U(d, "gray"), 3, 3, 0.04)
@case("cornerMinEigenVal")
def _(cv2, np, d): return cv2.cornerMinEigenVal(U(d, "gray"), 3, 3)
@case("goodFeaturesToTrack")
def _(cv2, np, d): return cv2.goodFeaturesToTrack(U(d, "gray"), 20, 0.01, 3)
# get_lines appends the lines found with atomic_inc: their order is the device's.
@case("HoughLines", unordered=True)
def _(cv2, np, d):
    edges = np.zeros((H, W), np.uint8)  # fixed edges (Canny's border pixels are undefined)
    edges[10, 5:60] = 255
    edges[5:45, 40] = 255
    for i in range(40):
        edges[4 + i, 8 + i] = 255
    return cv2.HoughLines(cv2.UMat(edges), 1, np.pi / 180, 30)


# ---- running --------------------------------------------------------------------------------
def as_arrays(value, np):
    """A case's result as a list of numpy arrays."""
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out.extend(as_arrays(v, np))
        return out
    if hasattr(value, "get") and not isinstance(value, dict):
        return [np.asarray(value.get())]
    return [np.asarray(value)]


def count_launches(record_dir):
    if not record_dir or not os.path.isdir(record_dir):
        return None
    return len(os.listdir(record_dir))


def worker(out_dir, record_dir, names):
    """Runs the cases in this process (on whatever device OpenCV picked)."""
    import cv2
    import numpy as np
    cv2.ocl.setUseOpenCL(True)
    dev = cv2.ocl.Device.getDefault()
    info = {"device": dev.name(), "vendor": dev.vendorName(), "opencl": cv2.ocl.useOpenCL()}
    d = inputs()
    results = []
    for name, fn, _ in CASES:
        if names and name not in names:
            continue
        before = count_launches(record_dir)
        t = time.time()
        entry = {"name": name}
        try:
            arrays = as_arrays(fn(cv2, np, d), np)
            np.savez(os.path.join(out_dir, name.replace(" ", "_") + ".npz"), *arrays)
        except Exception as e:  # an OpenCV error is a result too
            entry["error"] = str(e).strip().splitlines()[-1][:200]
        entry["seconds"] = round(time.time() - t, 2)
        after = count_launches(record_dir)
        if before is not None:
            entry["launches"] = after - before
        results.append(entry)
        print(json.dumps(entry), file=sys.stderr, flush=True)
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        json.dump({"info": info, "results": results}, f, indent=1)


def compare(a_dir, b_dir, name, border=0, maxdiff=0, unordered=False):
    """'equal', 'equal within tolerance (max diff X)' or a description of the difference."""
    import numpy as np
    fname = name.replace(" ", "_") + ".npz"
    pa, pb = os.path.join(a_dir, fname), os.path.join(b_dir, fname)
    if not os.path.exists(pa) or not os.path.exists(pb):
        return False, "no result"
    a, b = np.load(pa), np.load(pb)
    if sorted(a.files) != sorted(b.files):
        return False, "different number of outputs"
    worst = 0.0
    for k in a.files:
        x, y = a[k], b[k]
        if unordered and x.shape == y.shape and x.ndim >= 1:
            x = x.reshape(x.shape[0], -1)
            y = y.reshape(y.shape[0], -1)
            x, y = x[np.lexsort(x.T[::-1])], y[np.lexsort(y.T[::-1])]
        if border and x.ndim >= 2 and x.shape == y.shape:
            x, y = x[border:-border, border:-border], y[border:-border, border:-border]
        if x.shape != y.shape or x.dtype != y.dtype:
            return False, f"shape/type {x.shape} {x.dtype} vs {y.shape} {y.dtype}"
        if np.issubdtype(x.dtype, np.floating):
            if not np.array_equal(np.isnan(x), np.isnan(y)):
                return False, "NaN in different places"
            m = ~np.isnan(x)
            diff = np.abs(x[m].astype(np.float64) - y[m].astype(np.float64))
            tol = ATOL + RTOL * np.abs(y[m].astype(np.float64))
            if diff.size and np.any(diff > tol):
                i = int(np.argmax(diff - tol))
                return False, f"{int(np.sum(diff > tol))} elements differ (max {diff.max():.3g})"
            if diff.size:
                worst = max(worst, float(diff.max()))
        elif maxdiff:
            diff = np.abs(x.astype(np.int64) - y.astype(np.int64))
            if np.any(diff > maxdiff):
                return False, f"{int(np.sum(diff > maxdiff))} of {x.size} elements differ by more than {maxdiff}"
            if np.any(diff):
                return True, f"{int(np.sum(diff != 0))} of {x.size} elements differ by {maxdiff} (allowed)"
        elif not np.array_equal(x, y):
            n = int(np.sum(x != y))
            return False, f"{n} of {x.size} elements differ"
    return True, "equal" if worst == 0 else f"within tolerance (max diff {worst:.2g})"


def run_device(label, cmd, env, log):
    t = time.time()
    with open(log, "w") as f:
        p = subprocess.run(cmd, env=env, stdout=f, stderr=subprocess.STDOUT)
    return p.returncode, time.time() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clstep-cli", default=os.environ.get(
        "CLSTEP_CLI", os.path.join(ROOT, "build", "app", "clstep-cli")))
    ap.add_argument("--pocl", default=POCL_DEFAULT, help="POCL's ICD library")
    ap.add_argument("--markdown", action="store_true", help="print the table in Markdown")
    ap.add_argument("--keep", help="keep the results and logs in this directory")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--record-dir", help=argparse.SUPPRESS)
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.record_dir, args.cases)
        return 0
    known = [n for n, _, _ in CASES]
    options = {n: o for n, _, o in CASES}
    for n in args.cases:
        if n not in known:
            sys.exit(f"unknown case '{n}'; cases: {', '.join(known)}")

    work = args.keep or tempfile.mkdtemp(prefix="clstep-opencv-")
    os.makedirs(work, exist_ok=True)
    me = os.path.abspath(__file__)
    base = dict(os.environ)
    base.update({"OPENCV_OPENCL_DEVICE": ":CPU:", "OPENCV_OPENCL_CACHE_ENABLE": "0"})
    for k in ("OCL_ICD_VENDORS", "OCL_ICD_FILENAMES"):
        base.pop(k, None)

    dirs = {}
    times = {}
    # clstep
    dirs["clstep"] = os.path.join(work, "clstep")
    record = os.path.join(work, "record")
    for p in (dirs["clstep"], record):
        shutil.rmtree(p, ignore_errors=True)
        os.makedirs(p)
    cmd = [args.clstep_cli, "exec", "--record", record, "--",
           "/usr/bin/python3", me, "--worker", dirs["clstep"], "--record-dir", record] + args.cases
    rc, times["clstep"] = run_device("clstep", cmd, base, os.path.join(work, "clstep.log"))
    # POCL
    dirs["pocl"] = os.path.join(work, "pocl")
    shutil.rmtree(dirs["pocl"], ignore_errors=True)
    os.makedirs(dirs["pocl"])
    env = dict(base, OCL_ICD_VENDORS=args.pocl, OCL_ICD_FILENAMES=args.pocl)
    cmd = ["/usr/bin/python3", me, "--worker", dirs["pocl"]] + args.cases
    rc_pocl, times["pocl"] = run_device("pocl", cmd, env, os.path.join(work, "pocl.log"))

    res = {}
    for dev in ("clstep", "pocl"):
        try:
            with open(os.path.join(dirs[dev], "results.json")) as f:
                res[dev] = json.load(f)
        except OSError:
            sys.exit(f"{dev} run failed (see {work}/{dev}.log)")
    by = {dev: {e["name"]: e for e in res[dev]["results"]} for dev in res}
    rows = []
    failures = 0
    for name in known:
        if args.cases and name not in args.cases:
            continue
        c, p = by["clstep"].get(name, {}), by["pocl"].get(name, {})
        launches = c.get("launches", 0)
        if "error" in c:
            ok, what = False, "clstep: " + c["error"]
        elif "error" in p:
            ok, what = False, "POCL: " + p["error"]
        elif not launches:
            ok, what = False, "no OpenCL launch on clstep (CPU fallback)"
        else:
            o = options[name]
            ok, what = compare(dirs["clstep"], dirs["pocl"], name, o["border"], o["maxdiff"],
                               o["unordered"])
            if o["unordered"]:
                what += " (as a set)"
            if o["border"]:
                what += f" ({o['border']}-pixel border left out)"
        failures += not ok
        rows.append((name, str(launches), f"{c.get('seconds', 0):.2f}",
                     f"{p.get('seconds', 0):.2f}", "pass" if ok else "FAIL", what))
    head = ("function", "clstep launches", "clstep s", "POCL s", "result", "vs POCL")
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in rows:
            print("| " + " | ".join(f"`{r[0]}`" if i == 0 else r[i] for i in range(len(r))) + " |")
    else:
        widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
        for r in [head] + rows:
            print("  ".join(r[i].ljust(widths[i]) for i in range(len(r))).rstrip())
    print(f"\n{len(rows) - failures} of {len(rows)} passed; clstep device '{res['clstep']['info']['device']}', "
          f"POCL device '{res['pocl']['info']['device']}'; wall time clstep {times['clstep']:.0f} s, "
          f"POCL {times['pocl']:.0f} s; logs in {work}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
