// One colour for every fragment.
uniform vec4 colour;
layout (location = 0) out vec4 outColour;
void main() {
    outColour = colour;
}
