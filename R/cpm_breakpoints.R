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

# Segments of a piecewise-linear time T(x) = a_s + b_s x (point-to-point
# times over message sizes), by Bai-Perron on the relative fit: each
# observation is divided by its scale w (> 0, e.g. the time itself), so
# that a small message's time counts as much as a large one's; y/w is
# regressed on 1/w and x/w without intercept, both coefficients free to
# change at every break.
#   x, y, w     sizes (increasing), times and scales
#   h, max_breaks, criterion   as cpm_breakpoints
# Returns the 1-based indices of the last observation of each segment but
# the last. Data that a number of breaks fits exactly (residuals at the
# level of rounding, as on a simulator) take the smallest such number; the
# information criterion decides otherwise.
cpm_segments <- function(x, y, w, h, max_breaks, criterion) {
    suppressPackageStartupMessages(library(strucchange))
    d <- data.frame(yw = y / w, iw = 1 / w, xw = x / w)
    breaks <- if (max_breaks > 0) max_breaks else NULL
    bp <- breakpoints(yw ~ 0 + iw + xw, data = d, h = h, breaks = breaks)
    n <- nrow(d)
    rss <- summary(bp)$RSS["RSS", ]
    m <- 0:(length(rss) - 1)
    scale <- sum(d$yw^2)
    exact <- which(rss <= 1e-20 * scale)
    if (length(exact) > 0) {
        chosen <- m[min(exact)]
    } else {
        penalty <- switch(criterion,
            BIC = log(n),
            LWZ = 0.299 * log(n)^2.1,
            stop("unknown information criterion '", criterion, "' (valid: BIC, LWZ)"))
        ic <- sapply(m, function(k) AIC(bp, breaks = k, k = penalty))
        chosen <- m[which.min(ic)]
    }
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
