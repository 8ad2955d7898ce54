# style.gp: the terminals, sizes and fonts that every script of plots/
# uses, loaded by them (`load` of this file next to the script), so that
# all figures have the same look: one font family (Helvetica/sans) at
# 11 pt, the same width, and the same sizes in PNG, PDF and EPS.
#
#   setterm(t, name)         a wide figure (7.5 x 4.3 in; PNG 1125 x 645)
#   setterm_square(t, name)  a square one (5.5 x 5 in; PNG 825 x 750)
# t is png, pdf or eps; the output is out/name.EXT (variable out).

fig_font = "Helvetica,11"
setterm_sized(t, name, w, h) = (t eq "png") ? \
    sprintf("set terminal pngcairo size %d,%d enhanced font 'Helvetica,11' fontscale 1.35 linewidth 1.5; set output '%s/%s.png'", int(w * 150), int(h * 150), out, name) : \
    (t eq "pdf") ? \
    sprintf("set terminal pdfcairo size %.2fin,%.2fin enhanced font '%s' linewidth 1.2; set output '%s/%s.pdf'", w, h, fig_font, out, name) : \
    sprintf("set terminal postscript eps enhanced color size %.2fin,%.2fin font 'Helvetica,11' linewidth 1.2; set output '%s/%s.eps'", w, h, out, name)
setterm(t, name) = setterm_sized(t, name, 7.5, 4.3)
setterm_square(t, name) = setterm_sized(t, name, 5.5, 5.0)
