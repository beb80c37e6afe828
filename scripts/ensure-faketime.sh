#!/usr/bin/env bash
# The calendar-edge run (`npm run test:dates`) sets the clock with libfaketime; a new machine
# does not have it yet.
set -euo pipefail
if [ -x /usr/bin/faketime ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "Installing Debian's faketime for the calendar-edge tests…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq faketime >/dev/null
