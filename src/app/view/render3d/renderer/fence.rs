//! A batch of drawing handed to the GPU, with the fence that tells when the
//! GPU has finished it (so the next batch waits instead of stalling the
//! page, see [`pacing`](super::super::pacing)).
//!
//! Fences are raw GL (`unsafe fn`s of three-d's `glow` context): sound here
//! because each fence is made, queried and deleted on the one context it
//! belongs to, and deleted exactly once (by value).

use three_d::context::{self as gl_api, HasContext};
use three_d::core::Context;

use crate::app::platform::timing::now_ms;

/// A batch in flight: its fence, when it was issued, its size.
pub(super) struct BatchInFlight {
    fence: gl_api::Fence,
    issued_ms: f64,
    chunks: usize,
}

impl BatchInFlight {
    /// Flushes the commands issued so far (a batch of `chunks` chunks)
    /// behind a new fence; `None` when the context gives no fence (the
    /// next batch then does not wait).
    pub(super) fn issue(context: &Context, chunks: usize) -> Option<Self> {
        // SAFETY: a fence and a flush on the live context.
        let fence = unsafe {
            let fence = context.fence_sync(gl_api::SYNC_GPU_COMMANDS_COMPLETE, 0);
            context.flush();
            fence
        };
        fence.ok().map(|fence| Self {
            fence,
            issued_ms: now_ms(),
            chunks,
        })
    }

    /// Whether the GPU has finished the batch.
    pub(super) fn is_finished(&self, context: &Context) -> bool {
        // SAFETY: queries a fence created on this live context.
        unsafe { context.get_sync_status(self.fence) == gl_api::SIGNALED }
    }

    /// Deletes the fence; returns the batch's size and how long ago it was
    /// issued (ms).
    pub(super) fn finish(self, context: &Context) -> (usize, f64) {
        // SAFETY: deletes a fence created on this live context; `self` is
        // gone afterwards, so it is never used again.
        unsafe { context.delete_sync(self.fence) };
        (self.chunks, now_ms() - self.issued_ms)
    }
}
