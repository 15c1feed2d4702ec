#!/usr/bin/env python3
"""Writes an OBJ level as glTF 2.0 (.gltf with an embedded buffer, or .glb), with no library: the
navmesh tests read these files through Assimp and compare the bake with the OBJ's, so the files must not
be made by Assimp itself.

  make_gltf.py LEVEL.obj OUT.gltf|OUT.glb [--scale S] [--z-up]

--scale S multiplies every coordinate by S (a scene then reads it back with "scale": 1/S); --z-up writes
(x, -z, y), a z-up level (read back with "up": "z")."""
import base64, json, struct, sys


def read_obj(path):
    verts, tris = [], []
    for line in open(path):
        t = line.split()
        if not t or t[0].startswith('#'):
            continue
        if t[0] == 'v':
            verts.append(tuple(float(x) for x in t[1:4]))
        elif t[0] == 'f':
            idx = []
            for tok in t[1:]:
                i = int(tok.split('/')[0])
                idx.append(i - 1 if i > 0 else len(verts) + i)
            for k in range(1, len(idx) - 1):  # fan, as navlab's OBJ reader
                tris.append((idx[0], idx[k], idx[k + 1]))
    return verts, tris


def gltf(verts, tris):
    vbytes = b''.join(struct.pack('<3f', *v) for v in verts)
    ibytes = b''.join(struct.pack('<3I', *t) for t in tris)
    lo = [min(v[i] for v in verts) for i in range(3)]
    hi = [max(v[i] for v in verts) for i in range(3)]
    doc = {
        'asset': {'version': '2.0', 'generator': 'navlab tests/data/make_gltf.py'},
        'scene': 0, 'scenes': [{'nodes': [0]}], 'nodes': [{'mesh': 0, 'name': 'level'}],
        'meshes': [{'primitives': [{'attributes': {'POSITION': 0}, 'indices': 1, 'mode': 4}]}],
        'accessors': [
            {'bufferView': 0, 'componentType': 5126, 'count': len(verts), 'type': 'VEC3', 'min': lo, 'max': hi},
            {'bufferView': 1, 'componentType': 5125, 'count': 3 * len(tris), 'type': 'SCALAR'}],
        'bufferViews': [
            {'buffer': 0, 'byteOffset': 0, 'byteLength': len(vbytes), 'target': 34962},
            {'buffer': 0, 'byteOffset': len(vbytes), 'byteLength': len(ibytes), 'target': 34963}],
        'buffers': [{'byteLength': len(vbytes) + len(ibytes)}],
    }
    return doc, vbytes + ibytes


def main(argv):
    src, out = argv[0], argv[1]
    scale = float(argv[argv.index('--scale') + 1]) if '--scale' in argv else 1.0
    verts, tris = read_obj(src)
    verts = [(x * scale, y * scale, z * scale) for x, y, z in verts]
    if '--z-up' in argv:
        verts = [(x, -z, y) for x, y, z in verts]
    doc, blob = gltf(verts, tris)
    if out.endswith('.glb'):
        while len(blob) % 4:
            blob += b'\0'
        js = json.dumps(doc, separators=(',', ':')).encode()
        while len(js) % 4:
            js += b' '
        chunks = struct.pack('<II', len(js), 0x4E4F534A) + js + struct.pack('<II', len(blob), 0x004E4942) + blob
        open(out, 'wb').write(struct.pack('<III', 0x46546C67, 2, 12 + len(chunks)) + chunks)
    else:
        doc['buffers'][0]['uri'] = 'data:application/octet-stream;base64,' + base64.b64encode(blob).decode()
        open(out, 'w').write(json.dumps(doc, indent=1) + '\n')


if __name__ == '__main__':
    main(sys.argv[1:])
