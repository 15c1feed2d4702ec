#!/usr/bin/env python3
"""Writes scenes/mesh_two_floors.obj: a level with two floors for the 3D view and the 3D tests.

  make_two_floors.py OUT.obj

World coordinates, y up (Recast's convention), metres. A 24 x 20 m ground floor (x 0..24, z -20..0)
with two pillars; a balcony 3 m up over its north-west corner (x 0..10, z -20..-8, a 0.3 m slab); a
ramp along the north wall from the ground (x 19) up to the balcony's east edge (x 10, z -20..-17); a
flight of twelve 0.25 m steps from the balcony's south edge down to the ground (x 1..3, z -8..-2).
Every part is a closed convex solid whose faces point outwards, so the walkable tops face up."""
import sys


class Obj:
    def __init__(self):
        self.verts = []
        self.lines = []

    def face(self, pts, centre):
        """One planar face; wound so that its normal points away from `centre`."""
        a, b, c = pts[0], pts[1], pts[2]
        e0 = [b[i] - a[i] for i in range(3)]
        e1 = [c[i] - a[i] for i in range(3)]
        n = [e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2], e0[0] * e1[1] - e0[1] * e1[0]]
        mid = [sum(p[i] for p in pts) / len(pts) for i in range(3)]
        out = sum(n[i] * (mid[i] - centre[i]) for i in range(3))
        if out < 0:
            pts = list(reversed(pts))
        base = len(self.verts) + 1
        self.verts.extend(pts)
        self.lines.append('f ' + ' '.join(str(base + k) for k in range(len(pts))))

    def box(self, name, x0, x1, y0, y1, z0, z1):
        self.lines.append('o ' + name)
        c = ((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2)
        P = lambda x, y, z: (x, y, z)
        self.face([P(x0, y1, z0), P(x1, y1, z0), P(x1, y1, z1), P(x0, y1, z1)], c)  # top
        self.face([P(x0, y0, z0), P(x1, y0, z0), P(x1, y0, z1), P(x0, y0, z1)], c)  # bottom
        self.face([P(x0, y0, z0), P(x1, y0, z0), P(x1, y1, z0), P(x0, y1, z0)], c)
        self.face([P(x0, y0, z1), P(x1, y0, z1), P(x1, y1, z1), P(x0, y1, z1)], c)
        self.face([P(x0, y0, z0), P(x0, y0, z1), P(x0, y1, z1), P(x0, y1, z0)], c)
        self.face([P(x1, y0, z0), P(x1, y0, z1), P(x1, y1, z1), P(x1, y1, z0)], c)

    def ramp(self, name, x_low, x_high, height, z0, z1):
        """A wedge rising from the ground at x_low to `height` at x_high, between z0 and z1."""
        self.lines.append('o ' + name)
        c = ((2 * x_high + x_low) / 3, height / 3, (z0 + z1) / 2)
        lo0, lo1 = (x_low, 0.0, z0), (x_low, 0.0, z1)
        hi0, hi1 = (x_high, height, z0), (x_high, height, z1)
        b0, b1 = (x_high, 0.0, z0), (x_high, 0.0, z1)
        self.face([lo0, hi0, hi1, lo1], c)  # the slope
        self.face([lo0, b0, b1, lo1], c)    # underside
        self.face([b0, hi0, hi1, b1], c)    # the high end
        self.face([lo0, b0, hi0], c)        # the sides
        self.face([lo1, b1, hi1], c)

    def write(self, path):
        with open(path, 'w') as f:
            f.write('# navlab level: two floors joined by a ramp and a flight of steps (tests/data/make_two_floors.py)\n')
            # Vertices first, then the objects and faces: face indices are absolute.
            for v in self.verts:
                f.write('v %g %g %g\n' % v)
            f.write('\n'.join(self.lines) + '\n')


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else 'scenes/mesh_two_floors.obj'
    o = Obj()
    o.box('ground', 0, 24, -0.2, 0, -20, 0)
    o.box('balcony', 0, 10, 2.7, 3, -20, -8)
    o.ramp('ramp', 19, 10, 3, -20, -17)
    for i in range(12):  # step i: its top at 0.25 (i + 1), from the balcony's edge southwards
        top = 3.0 - 0.25 * i
        o.box('step%d' % i, 1, 3, 0, top, -8 + 0.5 * i, -8 + 0.5 * (i + 1))
    o.box('pillar_a', 14, 16, 0, 3, -12, -10)
    o.box('pillar_b', 6, 7, 0, 2.7, -5, -4)
    o.write(out)


if __name__ == '__main__':
    main()
