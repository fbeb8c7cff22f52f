// Ambient plus one directional light, computed in linear colour.
uniform vec3 lightDirection;
in vec3 vNormal;
in vec3 vColour;
layout (location = 0) out vec4 outColour;
void main() {
    vec3 n = normalize(vNormal);
    float diffuse = max(dot(n, lightDirection), 0.0);
    vec3 linear = pow(vColour, vec3(2.2));
    vec3 lit = linear * (0.22 + 0.9 * diffuse);
    outColour = vec4(pow(clamp(lit, 0.0, 1.0), vec3(1.0 / 2.2)), 1.0);
}
