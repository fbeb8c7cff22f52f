//! Why the 3D view cannot draw, as data: the words are `texts::view`'s.

/// Why the 3D view cannot draw (the SVG view takes over).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewFailure {
    /// The page could not make a canvas.
    NoCanvas,
    /// The browser gives no WebGL2 (or this is not a browser).
    NoWebGl2,
    /// The WebGL2 context was lost and did not come back.
    ContextLost,
    /// three-d could not set up the context: its words.
    Setup(String),
    /// The shaders did not compile or link: the driver's words.
    Shaders(String),
    /// The offscreen picture's buffers could not be made: the driver's words.
    Buffers(String),
    /// The offscreen picture's framebuffer is incomplete: its status.
    Framebuffer(u32),
    /// The browser ended the WebGL context and did not give it back.
    NotRestored,
    /// The view did not find the app's state.
    NoState,
}
