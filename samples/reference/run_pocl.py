#!/usr/bin/python3
"""Run an Oclgrind-format .sim launch file on a real OpenCL implementation (POCL by
default) and print the dumped arguments exactly as `oclgrind-kernel FILE.sim` does.

Usage:
    samples/reference/run_pocl.py [--platform SUBSTRING] [--build-options OPTS] FILE.sim

The kernel file named in the .sim is resolved relative to the .sim file's directory
first, then relative to the current directory (oclgrind-kernel only tries the latter).

Supported .sim syntax (the subset of Oclgrind 21.10's Simulation.cpp that matters here):
  - '#' comments, whitespace-separated tokens across lines
  - program file, kernel name, NDRange "X Y Z", work-group size "X Y Z"
  - one "<...>" header per kernel argument with: size=N, a type
    (char uchar short ushort int uint long ulong float double), dump, fill=V,
    range=START:INC:END, hex, noinit, null, ro, wo; values inline after the header
  - __global/__constant buffers, __local sizes, and by-value (private) arguments
Differences from Oclgrind: `noinit` buffers are zero-filled (Oclgrind leaves them
uninitialised); program-scope printf output is whatever the device prints.

Uses Debian's python3-pyopencl (hence /usr/bin/python3) and any installed ICD;
by default it picks the platform whose name contains "Portable Computing Language".
"""

import argparse
import math
import os
import sys

import warnings

import numpy as np

try:
    import pyopencl as cl
except ImportError:  # pragma: no cover - environment problem, reported clearly
    sys.stderr.write("run_pocl.py: pyopencl not found; install python3-pyopencl and run "
                     "with /usr/bin/python3\n")
    sys.exit(2)

# name -> (numpy dtype, size in bytes)
TYPES = {
    "char": np.int8, "uchar": np.uint8,
    "short": np.int16, "ushort": np.uint16,
    "int": np.int32, "uint": np.uint32,
    "long": np.int64, "ulong": np.uint64,
    "float": np.float32, "double": np.float64,
}
# Oclgrind's default-type prefix order (MATCH_TYPE_PREFIX); "void*" means uchar.
DEFAULT_PREFIXES = ["char", "uchar", "short", "ushort", "int", "uint",
                    "long", "ulong", "float", "double"]


class SimError(Exception):
    pass


class SimReader:
    """Token reader mimicking Oclgrind's Simulation::get() line buffer."""

    def __init__(self, path):
        with open(path, "r") as f:
            self.lines = [ln.split("#", 1)[0] for ln in f.read().split("\n")]
        self.lineno = 0          # index of the next line to load
        self.cur = ""            # current line text
        self.pos = 0             # position inside the current line
        self.hex = False

    def _fill(self):
        """Advance until the current line has a non-space character; False at EOF."""
        while True:
            while self.pos < len(self.cur) and self.cur[self.pos].isspace():
                self.pos += 1
            if self.pos < len(self.cur):
                return True
            if self.lineno >= len(self.lines):
                return False
            self.cur = self.lines[self.lineno]
            self.lineno += 1
            self.pos = 0

    def token(self, what):
        if not self._fill():
            raise SimError("Unexpected EOF when parsing %s" % what)
        start = self.pos
        while self.pos < len(self.cur) and not self.cur[self.pos].isspace():
            self.pos += 1
        return self.cur[start:self.pos]

    def char(self, what):
        if not self._fill():
            raise SimError("Unexpected EOF when parsing %s" % what)
        c = self.cur[self.pos]
        self.pos += 1
        return c

    def rest_of_line(self):
        s = self.cur[self.pos:]
        return s

    def at_eof(self):
        return not self._fill()


def parse_scalar(text, tname, hexmode, what):
    """Parse one value of type tname from text (C++ istream semantics, roughly)."""
    dtype = TYPES[tname]
    try:
        if tname in ("float", "double"):
            v = float(text)
            return dtype(v)
        v = int(text, 16 if hexmode else 10)
    except ValueError:
        raise SimError("Failed to parse %s (value '%s')" % (what, text))
    info = np.iinfo(dtype)
    if tname in ("char", "uchar"):
        if v < info.min or v > info.max:
            raise SimError("Invalid char value (%s)" % what)
    else:
        # istream >> unsigned accepts "-1" (wraps); signed overflow fails
        if v < 0 and info.min == 0:
            v &= (1 << (8 * np.dtype(dtype).itemsize)) - 1
        if v < info.min or v > info.max:
            raise SimError("Failed to parse %s (value '%s' out of range)" % (what, text))
    return dtype(v)


def make_range(spec, tname, size, hexmode, what):
    parts = spec.split(":")
    if len(parts) != 3:
        raise SimError("Invalid range format (%s)" % what)
    dtype = TYPES[tname]
    start, inc, end = (parse_scalar(p, tname, hexmode, what) for p in parts)
    with np.errstate(over="ignore"):
        if tname in ("float", "double"):
            num = float(dtype(end - start + inc)) / float(inc)
        else:
            # C++ integer promotion: small types compute in int
            num = float(int(end) - int(start) + int(inc)) / float(inc)
    itemsize = np.dtype(dtype).itemsize
    if math.ceil(num) != num or num * itemsize != size:
        raise SimError("Range doesn't produce correct buffer size (%s)" % what)
    out = np.empty(int(num), dtype=dtype)
    value = start
    with np.errstate(over="ignore"):
        for i in range(int(num)):
            out[i] = value
            value = dtype(value + inc)      # accumulate in T, like Oclgrind
    return out


def format_value(v, tname, hexmode):
    itemsize = np.dtype(TYPES[tname]).itemsize
    if tname in ("float", "double"):
        x = float(v)
        if math.isnan(x):
            s = "-nan" if math.copysign(1.0, x) < 0 else "nan"
        else:
            s = "%g" % x
        if hexmode:                      # setfill('0') << setw(2*size) still applies
            s = s.rjust(itemsize * 2, "0")
        return ("0x" + s) if hexmode else s
    iv = int(v)
    if hexmode:
        if itemsize == 1:                # printed as (int): sign-extends to 32 bits
            iv &= 0xFFFFFFFF
        else:
            iv &= (1 << (8 * itemsize)) - 1
        return "0x" + format(iv, "x").rjust(itemsize * 2, "0")
    return str(iv)


# clstep's image extension: channels per order, (element type, bytes) per channel type.
IMAGE_ORDERS = {"R": 1, "A": 1, "RG": 2, "RA": 2, "RGBA": 4, "BGRA": 4, "ARGB": 4,
                "INTENSITY": 1, "LUMINANCE": 1}
IMAGE_TYPES = {"SNORM_INT8": ("char", 1), "SIGNED_INT8": ("char", 1),
               "UNORM_INT8": ("uchar", 1), "UNSIGNED_INT8": ("uchar", 1),
               "SNORM_INT16": ("short", 2), "SIGNED_INT16": ("short", 2),
               "UNORM_INT16": ("ushort", 2), "UNSIGNED_INT16": ("ushort", 2),
               "HALF_FLOAT": ("ushort", 2), "SIGNED_INT32": ("int", 4),
               "UNSIGNED_INT32": ("uint", 4), "FLOAT": ("float", 4)}


def strip_cl(name):
    name = name.upper()
    return name[3:] if name.startswith("CL_") else name


def format_image(name, host, dims, fmt, type_name, tname, hexmode):
    """An image dump as clstep's BufferDump::formatImage prints it (one line per texel)."""
    channels = IMAGE_ORDERS[fmt[0]] * IMAGE_TYPES[fmt[1]][1] // np.dtype(TYPES[tname]).itemsize
    w = dims[0]
    h = dims[1] if len(dims) > 1 else 1
    d = dims[2] if len(dims) > 2 else 1
    size_text = "x".join(str(n) for n in ([w, h] if len(dims) < 3 else [w, h, d]))
    out = ["\nImage '%s': %s %s CL_%s/CL_%s, %d bytes\n"
           % (name, type_name, size_text, fmt[0], fmt[1], host.nbytes)]
    for z in range(d):
        for y in range(h):
            for x in range(w):
                base = ((z * h + y) * w + x) * channels
                coords = [x] + ([y] if len(dims) > 1 else []) + ([z] if len(dims) > 2 else [])
                values = ", ".join(format_value(host[base + c], tname, hexmode)
                                   for c in range(channels))
                out.append("  %s(%s) = (%s)\n" % (name, ",".join(str(c) for c in coords), values))
    out.append("\n")
    return "".join(out)


def choose_device(platform_filter):
    platforms = cl.get_platforms()
    for p in platforms:
        if platform_filter.lower() in p.name.lower():
            devs = p.get_devices()
            if devs:
                return devs[0]
    names = ", ".join(p.name for p in platforms) or "none"
    raise SimError("no OpenCL platform matching '%s' (found: %s)" % (platform_filter, names))


def run(sim_path, platform_filter, build_options):
    reader = SimReader(sim_path)
    prog_file = reader.token("program file")
    kernel_name = reader.token("kernel")
    try:
        ndrange = [int(reader.token("NDRange")) for _ in range(3)]
        wgsize = [int(reader.token("work-group size")) for _ in range(3)]
    except ValueError:
        raise SimError("Failed to parse NDRange / work-group size")

    sim_dir = os.path.dirname(os.path.abspath(sim_path))
    candidates = [os.path.join(sim_dir, prog_file), prog_file]
    src_path = next((c for c in candidates if os.path.isfile(c)), None)
    if src_path is None:
        raise SimError("Unable to open %s" % prog_file)
    with open(src_path, "r") as f:
        source = f.read()

    device = choose_device(platform_filter)
    ctx = cl.Context([device])
    queue = cl.CommandQueue(ctx)
    try:
        program = cl.Program(ctx, source).build(
            options=["-cl-kernel-arg-info"] + build_options.split())
    except cl.RuntimeError as e:
        raise SimError("Build failure:\n%s" % e)
    try:
        kernel = getattr(program, kernel_name)
    except (AttributeError, cl.LogicError):
        raise SimError("Failed to create kernel %s" % kernel_name)

    AQ = cl.kernel_arg_address_qualifier
    dumps = []      # (name, buffer, size, type, hex)
    keep = []       # keep host arrays alive
    for index in range(kernel.num_args):
        name = kernel.get_arg_info(index, cl.kernel_arg_info.NAME)
        type_name = kernel.get_arg_info(index, cl.kernel_arg_info.TYPE_NAME)
        space = kernel.get_arg_info(index, cl.kernel_arg_info.ADDRESS_QUALIFIER)
        what = "argument %d: %s" % (index, name)

        if reader.char(what) != "<":
            raise SimError("Expected argument header <...> (%s)" % what)
        rest = reader.rest_of_line()
        end = rest.rfind(">")
        if end < 0:
            raise SimError("Missing '>' at end of argument header (%s)" % what)
        header = rest[:end]
        reader.pos += end + 1

        size = None
        tname = None
        image_size = None                       # clstep extension: image=WxH[xD]
        image_format = ("RGBA", "UNORM_INT8")   # format=ORDER/TYPE
        dump = hexmode = noinit = null = False
        fill = rng = None
        for tok in header.split():
            if tok in TYPES:
                if tname is not None:
                    raise SimError("Argument type defined multiple times (%s)" % what)
                tname = tok
            elif tok.startswith("dump"):
                dump = True
            elif tok.startswith("fill"):
                if len(tok) < 6 or tok[4] != "=":
                    raise SimError("Expected =VALUE after 'fill (%s)" % what)
                fill = tok[5:]
            elif tok == "hex":
                hexmode = True
            elif tok == "noinit":
                noinit = True
            elif tok == "null":
                null = True
            elif tok.startswith("range"):
                if len(tok) < 7 or tok[5] != "=":
                    raise SimError("Expected =START:INC:END after 'range (%s)" % what)
                rng = tok[6:]
            elif tok.startswith("size"):
                try:
                    if tok[4] != "=":
                        raise ValueError
                    size = int(tok[5:])
                except (ValueError, IndexError):
                    raise SimError("Invalid value for 'size' (%s)" % what)
            elif tok.startswith("image="):
                image_size = [int(n) for n in tok[6:].split("x")]
            elif tok.startswith("format="):
                order, _, ctype = tok[7:].partition("/")
                image_format = (strip_cl(order), strip_cl(ctype))
            elif tok in ("ro", "wo"):
                pass
            else:
                raise SimError("Unrecognised header token '%s' (%s)" % (tok, what))

        if image_size is not None:
            channels = IMAGE_ORDERS[image_format[0]]
            ctype_name, cbytes = IMAGE_TYPES[image_format[1]]
            texels = 1
            for n in image_size:
                texels *= n
            size = texels * channels * cbytes
            if tname is None:
                tname = ctype_name
        if null:
            size = 0
        elif size is None:
            raise SimError("size required (%s)" % what)
        if tname is None:
            if type_name.startswith("void*"):
                tname = "uchar"
            else:
                tname = next((p for p in DEFAULT_PREFIXES if type_name.startswith(p)), None)
            if tname is None:
                raise SimError("Invalid default kernel argument type '%s' (%s)"
                               % (type_name, what))
        dtype = TYPES[tname]
        itemsize = np.dtype(dtype).itemsize
        if size % itemsize:
            raise SimError("Initialiser type must exactly divide argument size (%s)" % what)

        if space == AQ.LOCAL:
            kernel.set_arg(index, cl.LocalMemory(max(size, 1)))
            continue
        if null:
            kernel.set_arg(index, None)
            continue

        count = size // itemsize
        if noinit:
            data = np.zeros(count, dtype=dtype)
        elif fill is not None:
            data = np.full(count, parse_scalar(fill, tname, hexmode, what), dtype=dtype)
        elif rng is not None:
            data = make_range(rng, tname, size, hexmode, what)
        else:
            data = np.array([parse_scalar(reader.token(what), tname, hexmode, what)
                             for _ in range(count)], dtype=dtype)

        if image_size is not None:
            fmt = cl.ImageFormat(getattr(cl.channel_order, image_format[0]),
                                 getattr(cl.channel_type, image_format[1]))
            mf = cl.mem_flags
            shape = tuple(image_size)
            img = cl.Image(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, fmt, shape=shape,
                           hostbuf=data)
            keep.append((data, img))
            kernel.set_arg(index, img)
            if dump:
                dumps.append((name, img, size, tname, hexmode, (image_size, image_format,
                                                                  type_name)))
        elif space == AQ.PRIVATE:
            raw = np.frombuffer(data.tobytes(), dtype=np.uint8)
            keep.append(raw)
            kernel.set_arg(index, raw)
        else:
            mf = cl.mem_flags
            buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=data)
            keep.append((data, buf))     # set_arg does not keep the buffer alive
            kernel.set_arg(index, buf)
            if dump:
                dumps.append((name, buf, size, tname, hexmode, None))

    if not reader.at_eof():
        raise SimError("Unexpected token '%s' (expected EOF)" % reader.token("EOF"))

    cl.enqueue_nd_range_kernel(queue, kernel, tuple(ndrange), tuple(wgsize))
    queue.finish()

    out = []
    for name, buf, size, tname, hexmode, image in dumps:
        host = np.empty(size // np.dtype(TYPES[tname]).itemsize, dtype=TYPES[tname])
        if image is not None:
            dims, fmt, type_name = image
            region = tuple(dims) + (1,) * (3 - len(dims))
            cl.enqueue_copy(queue, host, buf, origin=(0, 0, 0)[:len(dims)],
                            region=tuple(dims))
            queue.finish()
            out.append(format_image(name, host, dims, fmt, type_name, tname, hexmode))
            continue
        cl.enqueue_copy(queue, host, buf)
        queue.finish()
        out.append("\nArgument '%s': %d bytes\n" % (name, size))
        for i, v in enumerate(host):
            out.append("  %s[%d] = %s\n" % (name, i, format_value(v, tname, hexmode)))
        out.append("\n")
    sys.stdout.write("".join(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sim", help="Oclgrind-format .sim launch file")
    ap.add_argument("--platform", default="Portable Computing Language",
                    help="substring of the OpenCL platform name (default: POCL)")
    ap.add_argument("--build-options", default="", help="extra OpenCL build options")
    args = ap.parse_args()
    warnings.filterwarnings("ignore", category=cl.CompilerWarning)
    try:
        run(args.sim, args.platform, args.build_options)
    except SimError as e:
        sys.stderr.write("%s: %s\n" % (args.sim, e))
        return 1
    except cl.Error as e:
        sys.stderr.write("%s: OpenCL error: %s\n" % (args.sim, e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
