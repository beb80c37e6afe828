#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell (the old headless mode, what
# Playwright itself runs headless: no browser window's own WebUI renderers), and the full
# Chromium for a look at a screen by hand. A new machine has neither yet.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/lib/chromium/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "Installing Debian's chromium and its headless shell for the browser tests…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null
