# The emulated switched cluster (src/testbeds/emu): see doc/testbed-emu.md.
#   emucluster   bash; runs a command on N network namespaces around a
#                bridge, one link per host, as root
#   emu_delay    C, libnetfilter-queue; the links' rates and delays: holds
#                each frame as store-and-forward links would
#                (built only if configure found the library: m4/cpm_nfqueue.m4)
# emucluster is made from emucluster.in at make time so that it knows
# where emu_delay is installed ($(pkglibexecdir)); in the build tree it
# takes the emu_delay next to it.

bin_SCRIPTS += src/testbeds/emu/emucluster
dist_man_MANS += src/testbeds/emu/emucluster.1
EXTRA_DIST += src/testbeds/emu/emucluster.in
CLEANFILES += src/testbeds/emu/emucluster

src/testbeds/emu/emucluster: $(srcdir)/src/testbeds/emu/emucluster.in Makefile
	@$(MKDIR_P) src/testbeds/emu
	$(AM_V_GEN)sed -e 's|@pkglibexecdir[@]|$(pkglibexecdir)|g' \
		$(srcdir)/src/testbeds/emu/emucluster.in > $@.tmp && \
		chmod +x $@.tmp && mv $@.tmp $@

if HAVE_NFQUEUE
pkglibexec_PROGRAMS = src/testbeds/emu/emu_delay
src_testbeds_emu_emu_delay_SOURCES = src/testbeds/emu/emu_delay.c
src_testbeds_emu_emu_delay_CPPFLAGS = $(NFQUEUE_CFLAGS)
src_testbeds_emu_emu_delay_CFLAGS = -Wall -Wextra
src_testbeds_emu_emu_delay_LDADD = $(NFQUEUE_LIBS)
endif

EXTRA_DIST += doc/testbed-emu.md
