# Input filter for the Markdown pages of the Doxygen API reference
# (doc/Doxyfile.in, FILTER_PATTERNS): `awk -f doxygen-md.awk PAGE.md`.
#
# Doxygen 1.9 (Debian 12's 1.9.4) reads a code span with a single quote
# in it, such as `T'_i(M)`, as a quotation `...' and then takes the rest
# of the paragraph for emphasis ("end of comment block while expecting
# command </em>"), or the HTML in the span for tags. This filter writes
# such a span as <code>...</code>, with &, < and > escaped; every other
# line is passed through unchanged. Fenced code blocks (``` or ~~~) and
# indented code blocks are left alone. A span may run over several lines
# of a paragraph; no line is added or removed, so that Doxygen's warnings
# keep the page's line numbers.

function esc(s) {
    gsub(/&/, "\\&amp;", s)
    gsub(/</, "\\&lt;", s)
    gsub(/>/, "\\&gt;", s)
    return s
}

# Writes the pending span (opened by `ticks`, not closed) as it was.
function flush_open() {
    if (ticks != "") {
        out = out ticks span
        ticks = ""
        span = ""
    }
}

# Ends a line: prints what was built unless a span is still open.
function end_line() {
    if (ticks == "") {
        printf "%s", out
        out = ""
    }
}

BEGIN { fence = ""; codeblock = 0; prevblank = 1; ticks = ""; span = ""; out = "" }

{
    line = $0
    blank = (line ~ /^[ \t]*$/)

    # Inside a fenced code block: until its closing fence.
    if (fence != "") {
        print line
        if (line ~ ("^ ? ? ?" fence)) fence = ""
        prevblank = blank
        next
    }
    if (ticks == "") {
        if (match(line, /^ ? ? ?(```|~~~)/)) {
            fence = substr(line, RSTART + RLENGTH - 3, 3)
            print line
            prevblank = 0
            next
        }
        # An indented code block: indented by 4 after a blank line, up to
        # the next line that is neither blank nor indented.
        if (!blank && line ~ /^(    |\t)/ && (prevblank || codeblock)) {
            codeblock = 1
            print line
            prevblank = 0
            next
        }
        if (!blank) codeblock = 0
    }

    # A blank line ends the paragraph: an unclosed span was no span.
    if (blank) {
        flush_open()
        end_line()
        print line
        prevblank = 1
        next
    }
    prevblank = 0

    i = 1
    n = length(line)
    while (i <= n) {
        c = substr(line, i, 1)
        if (c == "\\" && ticks == "" && i < n) {
            out = out substr(line, i, 2)
            i += 2
            continue
        }
        if (c != "`") {
            if (ticks == "") out = out c
            else span = span c
            i++
            continue
        }
        # A run of backticks.
        j = i
        while (j <= n && substr(line, j, 1) == "`") j++
        run = substr(line, i, j - i)
        i = j
        if (ticks == "") {
            ticks = run
            span = ""
        } else if (run == ticks) {
            if (index(span, "'") > 0)
                out = out "<code>" esc(span) "</code>"
            else
                out = out ticks span ticks
            ticks = ""
            span = ""
        } else {
            span = span run
        }
    }
    if (ticks != "") span = span "\n"
    else out = out "\n"
    # Newlines inside an open span are printed with it, when it closes.
    end_line()
}

END {
    flush_open()
    end_line()
}
