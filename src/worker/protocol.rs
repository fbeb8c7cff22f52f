//! The messages between the page and the model's workers, as plain data.
//!
//! The page sends every worker the same state (positions and velocities as
//! flat `[x, y, z, …]` arrays, which travel as transferable `Float64Array`s)
//! and the share of rows it is to compute; the worker answers with the
//! steering of the boids in that share and its part of the measures of the
//! whole swarm (SPEC §6: nearest distances, and the groups from share 0),
//! so that the page never runs their searches itself. The job number lets the page drop
//! answers to a state it no longer has (after a pause, an edit, a reset or an
//! import).

#[cfg(any(target_arch = "wasm32", test))]
use crate::model::{HALF_PERIOD, ShareSteering, SteeringSolver};
use crate::model::{MeasureShare, Share, Steering, Vec3};

/// Numbers per boid in [`ShareReply::components`]: S, A and C, three each.
pub const COMPONENTS_PER_BOID: usize = 9;

/// Work for one worker: the steering of one share of the rows of a state.
#[derive(Debug, Clone, PartialEq)]
pub struct ShareRequest {
    /// The page's job number this share belongs to.
    pub job: u32,
    /// Which share of how many.
    pub share: Share,
    /// Neighbour radius r in LE, `0 < r ≤ 4.2`.
    pub radius: f64,
    /// Positions `[x0, y0, z0, x1, …]` in LE.
    pub positions: Vec<f64>,
    /// Velocities `[vx0, vy0, vz0, vx1, …]` in LE/s.
    pub velocities: Vec<f64>,
}

/// A worker's answer: the steering of the boids of its share.
#[derive(Debug, Clone, PartialEq)]
pub struct ShareReply {
    /// The job number of the request.
    pub job: u32,
    /// The share of the request (its part).
    pub part: u32,
    /// How many shares the request's state was split into.
    pub parts: u32,
    /// Boid ids.
    pub indices: Vec<u32>,
    /// Neighbour count per boid.
    pub neighbours: Vec<u32>,
    /// S, A, C per boid (x, y, z each): [`COMPONENTS_PER_BOID`] numbers per boid.
    pub components: Vec<f64>,
    /// The share's part of the measures: boid ids (another split than
    /// [`ShareReply::indices`]), their nearest distances, the groups.
    pub measures: MeasureShare,
}

/// A request or reply that does not fit together (never sent by this app;
/// checked so that nothing panics on a malformed message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtocolError {
    /// Positions and velocities differ in length or are not whole triples.
    BadState,
    /// The radius is outside `0 < r ≤ 4.2` or a coordinate outside the cube.
    OutOfRange,
    /// Ids, counts and components differ in length.
    BadReply,
}

/// Flattens vectors into `[x0, y0, z0, x1, …]`.
#[must_use]
pub fn flatten(vectors: &[Vec3]) -> Vec<f64> {
    vectors.iter().flat_map(|v| [v.x, v.y, v.z]).collect()
}

/// The inverse of [`flatten`]; `None` unless the length is a multiple of 3.
#[must_use]
pub fn unflatten(flat: &[f64]) -> Option<Vec<Vec3>> {
    flat.len().is_multiple_of(3).then(|| {
        flat.chunks_exact(3)
            .map(|c| Vec3::new(c[0], c[1], c[2]))
            .collect()
    })
}

// Only the browser's workers solve (natively, the tests).
#[cfg(any(target_arch = "wasm32", test))]
impl ShareRequest {
    /// The request for one share of a state (the pool builds its requests
    /// itself, flattening the state once for all shares).
    #[cfg(test)]
    #[must_use]
    pub fn new(job: u32, share: Share, kinematics: &crate::model::Kinematics) -> Self {
        Self {
            job,
            share,
            radius: kinematics.params().radius,
            positions: flatten(kinematics.positions()),
            velocities: flatten(kinematics.velocities()),
        }
    }

    /// Computes the share (what a worker does with a request).
    pub fn solve(&self, solver: &mut SteeringSolver) -> Result<ShareReply, ProtocolError> {
        let (Some(positions), Some(velocities)) =
            (unflatten(&self.positions), unflatten(&self.velocities))
        else {
            return Err(ProtocolError::BadState);
        };
        if positions.len() != velocities.len() {
            return Err(ProtocolError::BadState);
        }
        let in_cube = |c: &f64| (-HALF_PERIOD..HALF_PERIOD).contains(c);
        let valid = self.radius > 0.0
            && self.radius <= HALF_PERIOD
            && self.positions.iter().all(in_cube)
            && self.velocities.iter().all(|c| c.is_finite());
        if !valid {
            return Err(ProtocolError::OutOfRange);
        }
        let ShareSteering { indices, steering } =
            solver.solve(&positions, &velocities, self.radius, self.share);
        let measures = MeasureShare::compute(&positions, self.radius, self.share);
        Ok(ShareReply {
            measures,
            job: self.job,
            part: self.share.part(),
            parts: self.share.parts(),
            neighbours: steering.iter().map(|s| s.neighbours).collect(),
            components: steering
                .iter()
                .flat_map(|s| {
                    [s.separation, s.alignment, s.cohesion]
                        .into_iter()
                        .flat_map(|v| [v.x, v.y, v.z])
                })
                .collect(),
            indices,
        })
    }
}

impl ShareReply {
    /// The steering of the share's boids, in the order of [`ShareReply::indices`].
    pub fn steering(&self) -> Result<Vec<Steering>, ProtocolError> {
        let count = self.indices.len();
        if self.neighbours.len() != count || self.components.len() != count * COMPONENTS_PER_BOID {
            return Err(ProtocolError::BadReply);
        }
        Ok(self
            .neighbours
            .iter()
            .zip(self.components.chunks_exact(COMPONENTS_PER_BOID))
            .map(|(&neighbours, c)| Steering {
                neighbours,
                separation: Vec3::new(c[0], c[1], c[2]),
                alignment: Vec3::new(c[3], c[4], c[5]),
                cohesion: Vec3::new(c[6], c[7], c[8]),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Params;
    use crate::model::{Kinematics, ShareAssembler, Swarm};

    fn kinematics(count: u32, radius: f64) -> Kinematics {
        let swarm = Swarm::new(&Params {
            count,
            radius,
            seed: 3,
            ..Params::default()
        })
        .expect("valid params");
        // A few steps so that the state is not the initial one.
        let mut swarm = swarm;
        for _ in 0..3 {
            swarm.step();
        }
        swarm.next_kinematics().expect("below the largest step")
    }

    #[test]
    fn shares_sent_through_messages_give_the_whole_steering_bit_for_bit() {
        for (count, radius, parts) in [(1, 1.2, 1), (2, 4.2, 3), (700, 1.2, 2), (700, 2.5, 5)] {
            let state = kinematics(count, radius);
            let expected = state.clone().into_swarm();
            let mut assembler = ShareAssembler::new(state.len());
            for part in 0..parts {
                let share = Share::new(part, parts).expect("part below parts");
                let reply = ShareRequest::new(9, share, &state)
                    .solve(&mut SteeringSolver::new())
                    .expect("valid request");
                assert_eq!((reply.job, reply.part), (9, part));
                let steering = reply.steering().expect("consistent reply");
                assembler
                    .add(&reply.indices, &steering)
                    .expect("shares do not overlap");
            }
            let steering = assembler.finish().expect("shares cover every boid");
            let swarm = state.with_steering(steering).expect("one entry per boid");
            assert_eq!(
                swarm.steering(),
                expected.steering(),
                "N {count}, r {radius}"
            );
            assert_eq!(swarm.to_json(), expected.to_json());
        }
    }

    #[test]
    fn malformed_requests_are_refused_without_panic() {
        let state = kinematics(10, 1.0);
        let mut request = ShareRequest::new(1, Share::WHOLE, &state);
        request.positions.pop();
        assert_eq!(
            request.solve(&mut SteeringSolver::new()),
            Err(ProtocolError::BadState)
        );
        let mut request = ShareRequest::new(1, Share::WHOLE, &state);
        request.radius = 0.0;
        assert_eq!(
            request.solve(&mut SteeringSolver::new()),
            Err(ProtocolError::OutOfRange)
        );
        let mut request = ShareRequest::new(1, Share::WHOLE, &state);
        request.positions[4] = 4.2;
        assert_eq!(
            request.solve(&mut SteeringSolver::new()),
            Err(ProtocolError::OutOfRange)
        );
    }

    #[test]
    fn a_reply_with_missing_components_is_refused() {
        let state = kinematics(10, 1.0);
        let mut reply = ShareRequest::new(1, Share::WHOLE, &state)
            .solve(&mut SteeringSolver::new())
            .expect("valid request");
        reply.components.pop();
        assert_eq!(reply.steering(), Err(ProtocolError::BadReply));
    }
}
