// The selection ring: an annulus around a world point, its radius given in
// clip units so that it keeps its screen size.
uniform mat4 viewProjection;
uniform vec3 centre;
uniform vec2 radius;
in vec2 position;
void main() {
    vec4 c = viewProjection * vec4(centre, 1.0);
    gl_Position = vec4(c.xy + position * radius * c.w, 0.0, c.w);
}
