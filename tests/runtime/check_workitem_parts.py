#!/usr/bin/env python3
"""Checks that WorkItem and each part split from it have at most 15 data members (issue 30,
item 4: "WorkItem and every part split from it have <= 15 fields").

Usage: check_workitem_parts.py <source root> [<max fields>]

Reads interpreter/runtime/WorkItem.h and counts the non-static data members of class WorkItem.
Its parts are the types of its data members held by value that have their own header in
interpreter/runtime/ included by WorkItem.h (runtime/CallStack.h for `CallStack m_calls;`, ...); each part's
non-static data members are counted the same way (nested types excluded: their members are
the nested type's, not the part's).

The count is a parse of the class body: comments and string literals are removed, brace
blocks (function bodies, nested types, initializers) are skipped, and each remaining
declaration that does not declare a function, a type, a friend, an alias or a static member
counts one data member per declarator (`int a, b;` is two).

Prints one line per class (`Class: N data members (file)`). Exit status: 0 when every class
has at most the maximum, 1 otherwise or when WorkItem or a part's class is not found, 2 on bad
arguments.
"""

import os
import re
import sys

SKIP_PREFIX = re.compile(
    r"^(friend|using|typedef|enum|struct|class|union|static|template|static_assert|"
    r"constexpr|inline)\b")
ACCESS = re.compile(r"^(public|private|protected)\s*:\s*")


def strip_comments(text):
    """Removes comments and the contents of string and character literals."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def class_body(text, name):
    """The text between the braces of the definition of class/struct `name`, or None."""
    m = re.search(r"\b(class|struct)\s+" + re.escape(name) + r"\b(\s+final)?\s*(:[^{;]*)?\{",
                  text)
    if not m:
        return None
    start = m.end()
    depth = 1
    i = start
    while i < len(text) and depth:
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
        i += 1
    return text[start:i - 1] if depth == 0 else None


def declarations(body):
    """The member declarations of a class body at its top level, brace blocks removed."""
    decls = []
    cur = []
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c == "{":
            depth = 1
            i += 1
            while i < n and depth:
                depth += {"{": 1, "}": -1}.get(body[i], 0)
                i += 1
            # An initializer or a nested type's definition goes on to its `;` (or `,`); a
            # function body ends its declaration.
            rest = body[i:].lstrip()
            if rest.startswith(";") or rest.startswith(","):
                cur.append("{}")
            else:
                decls.append("".join(cur))
                cur = []
            continue
        if c == ";":
            decls.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    decls.append("".join(cur))
    return [" ".join(d.split()) for d in decls if d.strip()]


def split_top(text, sep):
    """Splits `text` at `sep` outside <>, (), [] and {}."""
    parts, cur, depth = [], [], 0
    for c in text:
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return parts


def data_members(body):
    """[(type text, member name)] of the non-static data members declared in `body`."""
    members = []
    for d in declarations(body):
        while ACCESS.match(d):
            d = ACCESS.sub("", d, count=1)
        d = d.strip()
        if not d or SKIP_PREFIX.match(d) or d.startswith("~") or d.startswith("#"):
            continue
        declarators = split_top(d, ",")
        first = split_top(declarators[0], "=")[0]
        if "(" in first and "(*" not in first:
            continue  # a function (or constructor, operator) declaration
        m = re.match(r"^(.*?)([A-Za-z_]\w*)\s*(\[[^\]]*\])*\s*(\{\})?\s*$", first.strip())
        if not m:
            continue
        typ = m.group(1).strip()
        members.append((typ, m.group(2)))
        for extra in declarators[1:]:
            name = re.match(r"^\s*[*&]*\s*([A-Za-z_]\w*)", extra)
            if name:
                members.append((typ, name.group(1)))
    return members


def self_test():
    sample = """
    class Sample final {
    public:
        enum class S { A, B };
        Sample(int a, int b);
        int f() const { return m_a; }
        struct Nested { int x; int y; };
        static constexpr int kMax = 3;
    private:
        friend class Other;
        using T = int;
        int m_a = 0, m_b{1};            // two
        std::array<int, 3> m_c{};       // three
        bool m_d[2] = {false, false};   // four
        const char* m_e = "x;y";        // five
        void g(int x);
        std::vector<std::pair<int, int>> m_f; // six
    };
    """
    names = [n for _, n in data_members(class_body(strip_comments(sample), "Sample"))]
    expected = ["m_a", "m_b", "m_c", "m_d", "m_e", "m_f"]
    if names != expected:
        print(f"self-test failed: {names} != {expected}")
        sys.exit(1)


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__)
        return 2
    root = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) == 3 else 15
    self_test()
    runtime = os.path.join(root, "interpreter", "runtime")
    header = os.path.join(runtime, "WorkItem.h")
    text = open(header, encoding="utf-8").read()
    body = class_body(strip_comments(text), "WorkItem")
    if body is None:
        print(f"{header}: class WorkItem not found")
        return 1
    included = set(re.findall(r'#\s*include\s*"runtime/(\w+)\.h"', text))
    classes = [("WorkItem", header, data_members(body))]
    seen = set()
    for typ, _ in classes[0][2]:
        # A part is held by value: the member's type is the part's class itself (not a
        # pointer, reference or template of it), declared in its own runtime/ header.
        part = typ.split("::")[-1]
        if part not in included or part in seen:
            continue
        seen.add(part)
        path = os.path.join(runtime, part + ".h")
        part_body = class_body(strip_comments(open(path, encoding="utf-8").read()), part)
        if part_body is None:
            print(f"{path}: class {part} not found")
            return 1
        classes.append((part, path, data_members(part_body)))
    failed = False
    for name, path, members in classes:
        too_many = len(members) > limit
        failed = failed or too_many
        print(f"{name}: {len(members)} data members ({os.path.relpath(path, root)})"
              + (f", more than {limit}: " + ", ".join(n for _, n in members) if too_many else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
