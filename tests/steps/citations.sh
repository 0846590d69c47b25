#!/usr/bin/env bash
# what: every citation of the docs (docs/rules/ sections, files, lines) resolves
# needs: python3
source "$(dirname "$0")/../lib.sh"

docs/check-citations
docs/check-citations --self-test
