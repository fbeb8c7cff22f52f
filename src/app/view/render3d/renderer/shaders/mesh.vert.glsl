// A cone or rest sphere per instance: the mesh's z axis turned along the
// instance's direction, its base disc (normals along -z) shaded darker.
uniform mat4 viewProjection;
uniform float size;
uniform float baseShade;
uniform float brightness;
in vec3 position;
in vec3 normal;
in vec3 instancePosition;
in vec3 instanceDirection;
in vec3 instanceColour;
out vec3 vNormal;
out vec3 vColour;
void main() {
    vec3 f = instanceDirection;
    vec3 helper = abs(f.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 s = normalize(cross(helper, f));
    vec3 u = cross(f, s);
    mat3 basis = mat3(s, u, f);
    vNormal = basis * normal;
    vColour = instanceColour * (normal.z < -0.999 ? baseShade : 1.0) * brightness;
    gl_Position = viewProjection * vec4(instancePosition + basis * (position * size), 1.0);
}
