# Bai-Perron breakpoints for CPM, called from C++ through RInside.
#
# The data arrive as numeric vectors; nothing is pasted into R source.
#   x, y        message sizes and times, ordered by x
#   constant    TRUE: regress y on a constant (level shifts, T ~ 1);
#               FALSE: regress y on x (piecewise linear, T ~ M)
#   h           minimal segment size: a fraction of the observations if < 1,
#               else a number of observations
#   max_breaks  the largest number of breaks considered (0: as many as h allows)
#   criterion   "BIC" or "LWZ": the information criterion that picks the
#               number of breaks
# Returns the indices (1-based) of the last observation of each segment but
# the last, in increasing order; an empty vector if no break is chosen.
cpm_breakpoints <- function(x, y, constant, h, max_breaks, criterion) {
    suppressPackageStartupMessages(library(strucchange))
    d <- data.frame(x = x, y = y)
    f <- if (constant) y ~ 1 else y ~ x
    breaks <- if (max_breaks > 0) max_breaks else NULL
    bp <- breakpoints(f, data = d, h = h, breaks = breaks)
    n <- nrow(d)
    penalty <- switch(criterion,
        BIC = log(n),
        LWZ = 0.299 * log(n)^2.1,
        stop("unknown information criterion '", criterion, "' (valid: BIC, LWZ)"))
    m <- 0:(ncol(summary(bp)$RSS) - 1)
    ic <- sapply(m, function(k) AIC(bp, breaks = k, k = penalty))
    chosen <- m[which.min(ic)]
    if (chosen == 0) return(integer(0))
    as.integer(breakpoints(bp, breaks = chosen)$breakpoints)
}

# Calls f(...) and returns list(ok = TRUE, value = result), or, if R signals
# an error, list(ok = FALSE, message = its message): C++ turns that into a
# CPM error without R unwinding through C++ frames.
cpm_call <- function(f, ...) {
    tryCatch(list(ok = TRUE, value = f(...)),
             error = function(e) list(ok = FALSE, message = conditionMessage(e)))
}
