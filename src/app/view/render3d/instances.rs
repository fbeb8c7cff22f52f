//! The per-boid instance data the renderer uploads: f32 position, unit
//! heading and colour of every moving boid (a cone), and the positions of the
//! boids at rest (a sphere each). The buffers are kept and refilled, so a new
//! upload of the same swarm size allocates nothing.

use super::colours::{Rgb, heading_colour};
use crate::model::Vec3;

/// Instance attributes, split into cones and rest spheres.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InstanceData {
    /// Position of every moving boid (LE).
    pub cone_positions: Vec<[f32; 3]>,
    /// Unit velocity direction of every moving boid.
    pub cone_directions: Vec<[f32; 3]>,
    /// Colour of every moving boid.
    pub cone_colours: Vec<Rgb>,
    /// Position of every boid at rest (LE).
    pub rest_positions: Vec<[f32; 3]>,
}

impl InstanceData {
    /// [`InstanceData::fill_from`] the slices of a swarm.
    #[cfg(test)]
    pub fn fill(&mut self, positions: &[Vec3], velocities: &[Vec3]) {
        self.fill_from(positions.iter().copied(), velocities.iter().copied());
    }

    /// Refills the buffers from a sequence of positions and velocities (the
    /// swarm, or a subset of it such as highlighted boids). Positions without
    /// a velocity (a shorter sequence) count as at rest; a non-finite velocity
    /// counts as rest too, a non-finite position is skipped.
    pub fn fill_from(
        &mut self,
        positions: impl Iterator<Item = Vec3>,
        velocities: impl Iterator<Item = Vec3>,
    ) {
        self.cone_positions.clear();
        self.cone_directions.clear();
        self.cone_colours.clear();
        self.rest_positions.clear();
        let velocities = velocities.chain(std::iter::repeat(Vec3::zeros()));
        for (position, velocity) in positions.zip(velocities) {
            if !position.iter().all(|c| c.is_finite()) {
                continue;
            }
            let p = to_f32(&position);
            match unit(&velocity) {
                Some(direction) => {
                    self.cone_positions.push(p);
                    self.cone_directions.push(direction);
                    self.cone_colours.push(heading_colour(&velocity));
                }
                None => self.rest_positions.push(p),
            }
        }
    }

    /// Number of cones.
    #[cfg(test)]
    #[must_use]
    pub fn cone_count(&self) -> usize {
        self.cone_positions.len()
    }

    /// Number of rest spheres.
    #[must_use]
    pub fn rest_count(&self) -> usize {
        self.rest_positions.len()
    }
}

/// The f32 unit vector of a velocity, or `None` at rest (zero, or too small
/// or non-finite to have a direction in f32).
#[must_use]
pub fn unit(velocity: &Vec3) -> Option<[f32; 3]> {
    let speed = velocity.norm();
    if !(speed.is_finite() && speed > 0.0) {
        return None;
    }
    let direction = to_f32(&(velocity / speed));
    let length = direction.iter().map(|c| c * c).sum::<f32>().sqrt();
    ((length - 1.0).abs() < 1e-3).then_some(direction)
}

fn to_f32(v: &Vec3) -> [f32; 3] {
    [v.x as f32, v.y as f32, v.z as f32]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_boids_become_cones_and_resting_ones_spheres() {
        let positions = [
            Vec3::new(1.0, 2.0, 3.0),
            Vec3::new(-1.0, 0.0, 4.1),
            Vec3::new(0.5, 0.5, 0.5),
        ];
        let velocities = [
            Vec3::new(0.0, 0.0, 2.0),
            Vec3::zeros(),
            Vec3::new(3.0, 4.0, 0.0),
        ];
        let mut data = InstanceData::default();
        data.fill(&positions, &velocities);
        assert_eq!((data.cone_count(), data.rest_count()), (2, 1));
        assert_eq!(data.cone_positions[0], [1.0, 2.0, 3.0]);
        assert_eq!(data.cone_directions[0], [0.0, 0.0, 1.0]);
        assert_eq!(data.cone_directions[1], [0.6, 0.8, 0.0]);
        assert_eq!(data.cone_colours[0], heading_colour(&velocities[0]));
        assert_eq!(data.rest_positions[0], [-1.0, 0.0, 4.1]);
    }

    #[test]
    fn refilling_reuses_the_buffers() {
        let positions = vec![Vec3::new(1.0, 0.0, 0.0); 1000];
        let velocities = vec![Vec3::new(0.0, 1.0, 0.0); 1000];
        let mut data = InstanceData::default();
        data.fill(&positions, &velocities);
        let capacity = data.cone_positions.capacity();
        let pointer = data.cone_positions.as_ptr();
        data.fill(&positions, &velocities);
        assert_eq!(data.cone_positions.capacity(), capacity);
        assert_eq!(data.cone_positions.as_ptr(), pointer);
        data.fill(&[], &[]);
        assert_eq!((data.cone_count(), data.rest_count()), (0, 0));
    }

    #[test]
    fn tiny_missing_and_broken_velocities_are_rest() {
        assert_eq!(unit(&Vec3::zeros()), None);
        assert_eq!(unit(&Vec3::new(f64::NAN, 0.0, 0.0)), None);
        assert_eq!(unit(&Vec3::new(f64::INFINITY, 0.0, 0.0)), None);
        assert_eq!(unit(&Vec3::new(1e-100, 0.0, 0.0)), Some([1.0, 0.0, 0.0]));
        // So small that its norm underflows: no direction.
        assert_eq!(unit(&Vec3::new(1e-300, 0.0, 0.0)), None);
        let mut data = InstanceData::default();
        data.fill(&[Vec3::zeros(), Vec3::new(f64::NAN, 0.0, 0.0)], &[]);
        assert_eq!((data.cone_count(), data.rest_count()), (0, 1));
    }
}
