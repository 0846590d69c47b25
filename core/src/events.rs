//! Where events go while an action is applied.
//!
//! Applying an action reports what happened as events for an app to animate. The rules emit
//! them into a sink: a fixed-capacity list (no heap), a `Vec`, or nothing at all on the fast
//! path of a simulation.

use arrayvec::ArrayVec;

/// Receives the events of an action in the order they happen.
pub trait EventSink<E> {
    /// Receives the next event.
    fn emit(&mut self, event: E);
}

/// Discards events: the fast path.
impl<E> EventSink<E> for () {
    #[inline(always)]
    fn emit(&mut self, _: E) {}
}

/// Keeps events up to the capacity. Each game sizes its list for its longest possible action.
impl<E, const N: usize> EventSink<E> for ArrayVec<E, N> {
    #[inline]
    fn emit(&mut self, event: E) {
        let _ = self.try_push(event);
    }
}

#[cfg(feature = "alloc")]
impl<E> EventSink<E> for alloc::vec::Vec<E> {
    fn emit(&mut self, event: E) {
        self.push(event);
    }
}
