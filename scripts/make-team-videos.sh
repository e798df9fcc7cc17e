#!/usr/bin/env bash
# Makes the team tiles' short looping clips from their SVG portraits: a slow
# push-in with a gentle light pulse, 4 s, 480x600, H.264 without sound (50–75 kB each).
# Needs Debian's librsvg2-bin and ffmpeg:  apt-get install -y librsvg2-bin ffmpeg
#
#   bash scripts/make-team-videos.sh            # every portrait in public/media/team
set -euo pipefail
cd "$(dirname "$0")/../public/media/team"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for svg in *.svg; do
  name=${svg%.svg}
  rsvg-convert -w 960 -h 1200 "$svg" -o "$work/$name.png"
  # 96 frames at 24 fps; zoom eases from 1.0 to 1.08 and back so the loop has no jump.
  ffmpeg -loglevel error -y -loop 1 -framerate 24 -i "$work/$name.png" -t 4 -filter_complex "
    zoompan=z='1+0.08*sin(PI*on/96)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=480x600:fps=24,
    eq=brightness='0.03*sin(2*PI*t/4)':eval=frame,
    format=yuv420p" \
    -c:v libx264 -profile:v main -crf 30 -preset slow -an -movflags +faststart "$name.mp4"
  echo "$name.mp4 $(stat -c %s "$name.mp4") bytes"
done
