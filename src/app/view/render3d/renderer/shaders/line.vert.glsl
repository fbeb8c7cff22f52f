// The cube edges, in world coordinates.
// `offset` shifts the line on the screen (in clip units at depth 1), so a
// line drawn several times shifted by a pixel is thicker.
uniform mat4 viewProjection;
uniform vec2 offset;
in vec3 position;
void main() {
    gl_Position = viewProjection * vec4(position, 1.0);
    gl_Position.xy += offset * gl_Position.w;
}
