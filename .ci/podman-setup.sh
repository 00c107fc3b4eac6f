#!/usr/bin/env bash
# Installs what the docker-runtime integration tests need: rootful Podman, which serves the Docker
# Engine API on a private socket (test/integration/support/podman-service.ts), runc (crun refuses
# hybrid cgroups), busybox-static (the base of the locally built test images), and the helpers
# Podman only recommends, which --no-install-recommends would leave out: netavark and aardvark-dns
# (bridge networks and their DNS), iptables (the firewall netavark drives) and catatonit (the
# init process of `HostConfig.Init`).
# PostgreSQL 15, from which the test database image is built, is installed by .ci/run. Nothing is
# configured here: the tests configure podman through environment variables and files in a temp folder.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

packages=(podman runc busybox-static netavark aardvark-dns catatonit iptables)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -print -quit 2>/dev/null)" ] || apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
podman --version
