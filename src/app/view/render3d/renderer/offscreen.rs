//! The offscreen target a picture is drawn into over several frames: one
//! multisampled framebuffer (colour and depth renderbuffers) of the drawing
//! buffer's size, kept from picture to picture and copied (resolved) onto
//! the canvas once a picture is complete. The canvas itself has no
//! antialiasing: a copy into a multisampled canvas is not allowed.
//!
//! This is raw GL through three-d's `glow` context, where every call is an
//! `unsafe fn` (on a native driver a wrong call could touch freed memory).
//! It is sound here: in the browser every WebGL2 call is validated (a wrong
//! one is a GL error, never memory corruption), the calls only create, bind,
//! copy from and delete objects of the context they are made on, and every
//! call leaves the framebuffer bindings at none, as three-d expects them.
//! Each `unsafe` block says which of these it relies on. Drawing into the
//! framebuffer goes through a three-d render target (see
//! [`Offscreen::draw_into`]). three-d's own multisampled target would need
//! a sample count above 0; this one falls back to a plain buffer where the
//! browser offers no multisampling.

use three_d::context::{self as gl_api, HasContext};
use three_d::core::{Context, RenderTarget, ScissorBox};

use crate::app::view::render3d::ViewFailure;

/// Samples per pixel of the offscreen picture (fewer where the browser
/// offers fewer).
const SAMPLES: i32 = 4;

/// The offscreen framebuffer a picture is drawn into.
pub(super) struct Offscreen {
    framebuffer: gl_api::Framebuffer,
    colour: gl_api::Renderbuffer,
    depth: gl_api::Renderbuffer,
    width: u32,
    height: u32,
}

impl Offscreen {
    /// A framebuffer of `width` × `height` device pixels, or the German
    /// reason why there is none.
    pub(super) fn new(context: &Context, width: u32, height: u32) -> Result<Self, ViewFailure> {
        let (w, h) = (
            i32::try_from(width).unwrap_or(1),
            i32::try_from(height).unwrap_or(1),
        );
        // SAFETY: object creation and storage calls on the live context; the
        // bindings are set back to none before returning.
        unsafe {
            let samples = SAMPLES.min(context.get_parameter_i32(gl_api::MAX_SAMPLES));
            let storage = |buffer, format| {
                context.bind_renderbuffer(gl_api::RENDERBUFFER, Some(buffer));
                if samples > 0 {
                    context.renderbuffer_storage_multisample(
                        gl_api::RENDERBUFFER,
                        samples,
                        format,
                        w,
                        h,
                    );
                } else {
                    context.renderbuffer_storage(gl_api::RENDERBUFFER, format, w, h);
                }
            };
            let framebuffer = context.create_framebuffer().map_err(ViewFailure::Buffers)?;
            let colour = context
                .create_renderbuffer()
                .map_err(ViewFailure::Buffers)?;
            let depth = context
                .create_renderbuffer()
                .map_err(ViewFailure::Buffers)?;
            storage(colour, gl_api::RGBA8);
            storage(depth, gl_api::DEPTH_COMPONENT24);
            context.bind_renderbuffer(gl_api::RENDERBUFFER, None);
            context.bind_framebuffer(gl_api::FRAMEBUFFER, Some(framebuffer));
            for (attachment, buffer) in [
                (gl_api::COLOR_ATTACHMENT0, colour),
                (gl_api::DEPTH_ATTACHMENT, depth),
            ] {
                context.framebuffer_renderbuffer(
                    gl_api::FRAMEBUFFER,
                    attachment,
                    gl_api::RENDERBUFFER,
                    Some(buffer),
                );
            }
            let status = context.check_framebuffer_status(gl_api::FRAMEBUFFER);
            context.bind_framebuffer(gl_api::FRAMEBUFFER, None);
            let offscreen = Self {
                framebuffer,
                colour,
                depth,
                width,
                height,
            };
            if status != gl_api::FRAMEBUFFER_COMPLETE {
                offscreen.delete(context);
                return Err(ViewFailure::Framebuffer(status));
            }
            Ok(offscreen)
        }
    }

    /// Its size in device pixels.
    pub(super) fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Runs `draw` with the framebuffer as three-d's target.
    pub(super) fn draw_into(&self, context: &Context, draw: impl FnOnce(&RenderTarget<'_>)) {
        let target =
            RenderTarget::from_framebuffer(context, self.width, self.height, self.framebuffer);
        draw(&target);
        // Hand the framebuffer back: a dropped target would delete it.
        let _ = target.into_framebuffer();
    }

    /// Copies (and resolves) the picture onto the canvas.
    pub(super) fn show(&self, context: &Context) {
        let (w, h) = (
            i32::try_from(self.width).unwrap_or(0),
            i32::try_from(self.height).unwrap_or(0),
        );
        // The scissor box also limits the copy: cover everything.
        context.set_scissor(ScissorBox::new_at_origo(self.width, self.height));
        // SAFETY: binds this live framebuffer for reading and the canvas for
        // drawing, copies, and binds the canvas for both again.
        unsafe {
            context.bind_framebuffer(gl_api::READ_FRAMEBUFFER, Some(self.framebuffer));
            context.bind_framebuffer(gl_api::DRAW_FRAMEBUFFER, None);
            context.blit_framebuffer(
                0,
                0,
                w,
                h,
                0,
                0,
                w,
                h,
                gl_api::COLOR_BUFFER_BIT,
                gl_api::NEAREST,
            );
            context.bind_framebuffer(gl_api::FRAMEBUFFER, None);
        }
    }

    /// Deletes the GL objects (the context does not do so by itself while
    /// it lives).
    pub(super) fn delete(self, context: &Context) {
        // SAFETY: deletes the objects this struct created on this context;
        // `self` is gone afterwards, so nothing uses them again.
        unsafe {
            context.delete_framebuffer(self.framebuffer);
            context.delete_renderbuffer(self.colour);
            context.delete_renderbuffer(self.depth);
        }
    }
}
