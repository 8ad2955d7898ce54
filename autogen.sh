#!/bin/sh
# Generates configure and the Makefile templates from a clean checkout.
set -e
cd "$(dirname "$0")"
autoreconf --force --install --verbose
