# The emulated switched cluster (benchmark/emu): see doc/testbed-emu.md.
#   emucluster   bash; runs a command on N network namespaces around a
#                bridge, one link per host, as root
#   emu_delay    C, libnetfilter-queue; the links' rates and delays: holds
#                each frame as store-and-forward links would
#                (built only if configure found the library: m4/cpm_nfqueue.m4)
# emucluster is made from emucluster.in at make time so that it knows
# where emu_delay is installed ($(pkglibexecdir)); in the build tree it
# takes the emu_delay next to it.

bin_SCRIPTS += benchmark/emu/emucluster
dist_man_MANS += benchmark/emu/emucluster.1
EXTRA_DIST += benchmark/emu/emucluster.in
CLEANFILES += benchmark/emu/emucluster

benchmark/emu/emucluster: $(srcdir)/benchmark/emu/emucluster.in Makefile
	@$(MKDIR_P) benchmark/emu
	$(AM_V_GEN)sed -e 's|@pkglibexecdir[@]|$(pkglibexecdir)|g' \
		$(srcdir)/benchmark/emu/emucluster.in > $@.tmp && \
		chmod +x $@.tmp && mv $@.tmp $@

if HAVE_NFQUEUE
pkglibexec_PROGRAMS = benchmark/emu/emu_delay
benchmark_emu_emu_delay_SOURCES = benchmark/emu/emu_delay.c
benchmark_emu_emu_delay_CPPFLAGS = $(NFQUEUE_CFLAGS)
benchmark_emu_emu_delay_CFLAGS = -Wall -Wextra
benchmark_emu_emu_delay_LDADD = $(NFQUEUE_LIBS)
endif

EXTRA_DIST += doc/testbed-emu.md
