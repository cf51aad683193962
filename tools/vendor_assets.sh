#!/usr/bin/env bash
# Refresh book/vendor/: the JavaScript the built book needs offline (MathJax 3, require.js, the
# ipywidgets HTML manager), taken from the npm registry with `npm pack`. Maintainers run this
# when bumping a version; the result is committed, so building the book needs no npm and no network.
# Source maps and font formats that browsers no longer request are left out.
set -euo pipefail
cd "$(dirname "$0")/.."

MATHJAX=mathjax@3.2.2
HTML_MANAGER=@jupyter-widgets/html-manager@1.0.6
REQUIREJS=requirejs@2.3.7

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$MATHJAX" "$HTML_MANAGER" "$REQUIREJS" >/dev/null)
for tarball in "$work"/*.tgz; do
  mkdir -p "${tarball%.tgz}" && tar xzf "$tarball" -C "${tarball%.tgz}"
done

# The widget manager asks for its fonts at <data-jupyter-widgets-cdn>@jupyter-widgets/html-manager/dist/
widgets=book/vendor/@jupyter-widgets/html-manager/dist
rm -rf book/vendor && mkdir -p book/vendor/mathjax/output book/vendor/mathjax/input/tex "$widgets" book/vendor/requirejs
mj=$(echo "$work"/mathjax-*/package)
cp "$mj"/es5/tex-chtml.js book/vendor/mathjax/
cp -r "$mj"/es5/output/chtml book/vendor/mathjax/output/
cp -r "$mj"/es5/input/tex/extensions book/vendor/mathjax/input/tex/
cp "$mj"/LICENSE book/vendor/mathjax/LICENSE

hm=$(echo "$work"/jupyter-widgets-html-manager-*/package)
cp "$hm"/dist/embed-amd.js "$hm"/dist/*.embed.js "$hm"/dist/*.woff2 "$hm"/dist/embed.js.LICENSE.txt "$widgets"/
cp "$hm"/LICENSE "$widgets"/LICENSE 2>/dev/null || cp "$hm"/package.json "$widgets"/package.json
# The base and controls modules resolve the same icon fonts one folder up (their AMD module folder)
cp "$hm"/dist/*.woff2 book/vendor/@jupyter-widgets/

rq=$(echo "$work"/requirejs-*/package)
cp "$rq"/require.js book/vendor/requirejs/
cp "$rq"/README.md book/vendor/requirejs/README.md

find book/vendor -name "*.map" -delete
cat > book/vendor/README.md <<EOR
# Vendored JavaScript (do not edit by hand; refresh with tools/vendor_assets.sh)

- $MATHJAX: tex-chtml.js, CHTML output fonts, TeX extensions (Apache-2.0, see mathjax/LICENSE)
- $HTML_MANAGER: embed-amd.js and its chunks, renders saved widget state (BSD-3-Clause)
- $REQUIREJS: require.js, which embed-amd.js needs (MIT)

_config.yml serves this folder as html_static_path, not _static/, so Jupyter Book does not inject
every file into every page; mathjax_path and nb_ipywidgets_js point at these copies. anywidget's
widget-manager module is not vendored: book/_ext/nimbook.py copies it from the installed (pinned)
anywidget into the built _static/anywidget/ at every build.
EOR
du -sh book/vendor
