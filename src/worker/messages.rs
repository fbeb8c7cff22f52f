//! Every message between the page and the model's Web Worker, as one type
//! per direction ([`ToWorker`], [`FromWorker`]) with one codec: a message
//! becomes a [`Packet`] (its build, its kind and named fields) and a packet
//! becomes a message again or a [`DecodeError`] that says what was wrong.
//! Plain data, round-trip tested natively; `worker::js` only turns a packet
//! into a JavaScript object and back, field by field, the same way for every
//! message.
//!
//! Every packet names the build it belongs to ([`BUILD`]): a message of
//! another build is refused as such, so that a page and a worker of two
//! versions of the app never compute together.
//!
//! `F` is how a file travels (a `Blob` handle in the browser): the worker
//! reads its bytes itself, so a large file never blocks the page.

use super::correlations::{CorrelationReply, CorrelationRequest};
use super::protocol::{ShareReply, ShareRequest, flatten, unflatten};
use super::study::{RunReply, RunRequest};
use crate::model::{GroupCount, Kinematics, MeasureSet, MeasureShare, Params, Share};

/// The build this code belongs to: the app's version and a hash of its
/// sources, the same for the page's and the worker's wasm of one build.
pub const BUILD: &str = env!("BOIDS_BUILD_ID");

/// What the page asks of a worker.
#[derive(Debug, Clone, PartialEq)]
pub enum ToWorker<F> {
    /// The steering and measures of one share of a state.
    Share(ShareRequest),
    /// One whole study run.
    Run(RunRequest),
    /// Read and check a state file.
    Import(F),
    /// The correlation sums of a range of blocks of a state.
    Correlations(CorrelationRequest),
}

/// What a worker says to the page.
#[derive(Debug, Clone, PartialEq)]
pub enum FromWorker {
    /// The worker's wasm runs and it takes requests now (its build is the
    /// packet's).
    Ready,
    /// A share's answer.
    Share(ShareReply),
    /// A study run's results row.
    Row(RunReply),
    /// A state file read and checked.
    Imported(Kinematics),
    /// A state file refused: the German message of why (the worker words
    /// it with the same `texts` as the page, since both are one build).
    ImportRefused(String),
    /// A range of blocks' correlation sums.
    CorrelationBlocks(CorrelationReply),
    /// A request the worker could not compute or read.
    Refused(Refusal),
}

/// Which request a worker refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The share request of job n.
    Share(u32),
    /// The request of study run n.
    Run(u64),
    /// A correlation request of job n.
    Correlations(u32),
    /// A request it could not read at all (of another build, say).
    Unreadable,
}

/// A message as it travels: the build, the kind, and named fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Packet<F> {
    /// The build of the sender ([`BUILD`]).
    pub build: String,
    /// Which message it is.
    pub kind: String,
    /// The message's fields, each name once.
    pub fields: Vec<(String, Field<F>)>,
}

/// One field's value. Arrays travel as typed arrays whose buffers are
/// transferred, not copied.
#[derive(Debug, Clone, PartialEq)]
pub enum Field<F> {
    /// A number (a double; whole numbers up to 2⁵³ exactly).
    Number(f64),
    /// A string.
    Text(String),
    /// A `Float64Array`.
    F64s(Vec<f64>),
    /// A `Uint32Array`.
    U32s(Vec<u32>),
    /// A file handle.
    File(F),
}

/// Why a packet is not a message this build reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// Not a packet at all (no build or kind, or a field of no known type).
    NotAPacket,
    /// A packet of another build than this one.
    OtherBuild(String),
    /// A kind this direction does not know.
    UnknownKind(String),
    /// The field is missing or has the wrong type or range.
    BadField(&'static str),
}

/// The largest whole number a double holds exactly.
const EXACT: f64 = 9_007_199_254_740_992.0;

/// A number from JavaScript as a whole number from 0 to `u32::MAX`.
#[must_use]
pub fn whole_u32(value: f64) -> Option<u32> {
    whole(value, f64::from(u32::MAX)).map(|value| value as u32)
}

/// A number from JavaScript as a whole number a double holds exactly
/// (up to 2⁵³).
#[must_use]
pub fn whole_u64(value: f64) -> Option<u64> {
    whole(value, EXACT).map(|value| value as u64)
}

fn whole(value: f64, max: f64) -> Option<f64> {
    ((0.0..=max).contains(&value) && value.fract() == 0.0).then_some(value)
}

impl<F> Packet<F> {
    fn new(kind: &str) -> Self {
        Self {
            build: BUILD.to_owned(),
            kind: kind.to_owned(),
            fields: Vec::new(),
        }
    }

    fn with(mut self, name: &str, value: Field<F>) -> Self {
        self.fields.push((name.to_owned(), value));
        self
    }

    fn number(self, name: &str, value: f64) -> Self {
        self.with(name, Field::Number(value))
    }

    /// Takes field `name` out of the packet.
    fn take(&mut self, name: &'static str) -> Result<Field<F>, DecodeError> {
        let at = self
            .fields
            .iter()
            .position(|(key, _)| key == name)
            .ok_or(DecodeError::BadField(name))?;
        Ok(self.fields.swap_remove(at).1)
    }

    fn take_number(&mut self, name: &'static str) -> Result<f64, DecodeError> {
        match self.take(name)? {
            Field::Number(value) => Ok(value),
            _ => Err(DecodeError::BadField(name)),
        }
    }

    fn take_u32(&mut self, name: &'static str) -> Result<u32, DecodeError> {
        whole_u32(self.take_number(name)?).ok_or(DecodeError::BadField(name))
    }

    fn take_u64(&mut self, name: &'static str) -> Result<u64, DecodeError> {
        whole_u64(self.take_number(name)?).ok_or(DecodeError::BadField(name))
    }

    fn take_text(&mut self, name: &'static str) -> Result<String, DecodeError> {
        match self.take(name)? {
            Field::Text(value) => Ok(value),
            _ => Err(DecodeError::BadField(name)),
        }
    }

    fn take_f64s(&mut self, name: &'static str) -> Result<Vec<f64>, DecodeError> {
        match self.take(name)? {
            Field::F64s(value) => Ok(value),
            _ => Err(DecodeError::BadField(name)),
        }
    }

    fn take_u32s(&mut self, name: &'static str) -> Result<Vec<u32>, DecodeError> {
        match self.take(name)? {
            Field::U32s(value) => Ok(value),
            _ => Err(DecodeError::BadField(name)),
        }
    }

    fn take_file(&mut self, name: &'static str) -> Result<F, DecodeError> {
        match self.take(name)? {
            Field::File(value) => Ok(value),
            _ => Err(DecodeError::BadField(name)),
        }
    }

    /// The packet's kind, once its build is this one.
    fn checked_kind(&self) -> Result<&str, DecodeError> {
        if self.build == BUILD {
            Ok(&self.kind)
        } else {
            Err(DecodeError::OtherBuild(self.build.clone()))
        }
    }

    fn with_params(self, p: &Params) -> Self {
        self.number("count", f64::from(p.count))
            .number("seed", f64::from(p.seed))
            .number("radius", p.radius)
            .number("separation", p.separation)
            .number("alignment", p.alignment)
            .number("cohesion", p.cohesion)
            .number("maxSpeed", p.max_speed)
    }

    /// The inverse of [`Packet::with_params`] (not validated: the model does).
    fn take_params(&mut self) -> Result<Params, DecodeError> {
        Ok(Params {
            count: self.take_u32("count")?,
            seed: self.take_u32("seed")?,
            radius: self.take_number("radius")?,
            separation: self.take_number("separation")?,
            alignment: self.take_number("alignment")?,
            cohesion: self.take_number("cohesion")?,
            max_speed: self.take_number("maxSpeed")?,
        })
    }
}

impl<F> ToWorker<F> {
    /// The message as it travels.
    #[must_use]
    pub fn encode(self) -> Packet<F> {
        match self {
            Self::Share(request) => Packet::new("share")
                .number("job", f64::from(request.job))
                .number("part", f64::from(request.share.part()))
                .number("parts", f64::from(request.share.parts()))
                .number("radius", request.radius)
                .with("positions", Field::F64s(request.positions))
                .with("velocities", Field::F64s(request.velocities)),
            Self::Run(request) => Packet::new("run")
                .number("run", request.run as f64)
                .number("point", request.point as f64)
                .number("steps", request.steps as f64)
                .number("burnIn", request.burn_in as f64)
                .number("measures", f64::from(request.measures.bits()))
                .with_params(&request.params),
            Self::Import(file) => Packet::new("import").with("file", Field::File(file)),
            Self::Correlations(request) => Packet::new("correlations")
                .number("job", f64::from(request.job))
                .number("firstBlock", f64::from(request.first_block))
                .number("endBlock", f64::from(request.end_block))
                .with("positions", Field::F64s(request.positions))
                .with("velocities", Field::F64s(request.velocities)),
        }
    }

    /// The message a packet holds.
    pub fn decode(mut packet: Packet<F>) -> Result<Self, DecodeError> {
        match packet.checked_kind()? {
            "share" => {
                let job = packet.take_u32("job")?;
                let share = Share::new(packet.take_u32("part")?, packet.take_u32("parts")?)
                    .ok_or(DecodeError::BadField("part"))?;
                Ok(Self::Share(ShareRequest {
                    job,
                    share,
                    radius: packet.take_number("radius")?,
                    positions: packet.take_f64s("positions")?,
                    velocities: packet.take_f64s("velocities")?,
                }))
            }
            "run" => Ok(Self::Run(RunRequest {
                run: packet.take_u64("run")?,
                point: packet.take_u64("point")?,
                steps: packet.take_u64("steps")?,
                burn_in: packet.take_u64("burnIn")?,
                measures: u8::try_from(packet.take_u32("measures")?)
                    .ok()
                    .and_then(MeasureSet::from_bits)
                    .ok_or(DecodeError::BadField("measures"))?,
                params: packet.take_params()?,
            })),
            "import" => Ok(Self::Import(packet.take_file("file")?)),
            "correlations" => Ok(Self::Correlations(CorrelationRequest {
                job: packet.take_u32("job")?,
                first_block: packet.take_u32("firstBlock")?,
                end_block: packet.take_u32("endBlock")?,
                positions: packet.take_f64s("positions")?,
                velocities: packet.take_f64s("velocities")?,
            })),
            other => Err(DecodeError::UnknownKind(other.to_owned())),
        }
    }
}

impl FromWorker {
    /// The message as it travels.
    #[must_use]
    pub fn encode<F>(self) -> Packet<F> {
        match self {
            Self::Ready => Packet::new("ready"),
            Self::Share(reply) => Packet::new("reply")
                .number("job", f64::from(reply.job))
                .number("part", f64::from(reply.part))
                .number("parts", f64::from(reply.parts))
                .with("indices", Field::U32s(reply.indices))
                .with("neighbours", Field::U32s(reply.neighbours))
                .with("components", Field::F64s(reply.components))
                .with("nearestIds", Field::U32s(reply.measures.ids))
                .with("nearest", Field::F64s(reply.measures.nearest))
                .with(
                    "groups",
                    Field::U32s(
                        reply
                            .measures
                            .groups
                            .map_or_else(Vec::new, |g| vec![g.groups, g.largest]),
                    ),
                ),
            Self::Row(reply) => Packet::new("row")
                .number("run", reply.run as f64)
                .with("line", Field::Text(reply.line)),
            Self::Imported(state) => Packet::new("imported")
                .with_params(state.params())
                .number("step", state.step_count() as f64)
                .with("positions", Field::F64s(flatten(state.positions())))
                .with("velocities", Field::F64s(flatten(state.velocities()))),
            Self::ImportRefused(why) => {
                Packet::new("importRefused").with("message", Field::Text(why))
            }
            Self::CorrelationBlocks(reply) => Packet::new("correlationBlocks")
                .number("job", f64::from(reply.job))
                .number("firstBlock", f64::from(reply.first_block))
                .with("pairs", Field::F64s(reply.pairs))
                .with("products", Field::F64s(reply.products)),
            Self::Refused(Refusal::Share(job)) => {
                Packet::new("refused").number("job", f64::from(job))
            }
            Self::Refused(Refusal::Run(run)) => Packet::new("refused").number("run", run as f64),
            Self::Refused(Refusal::Correlations(job)) => {
                Packet::new("refused").number("correlationJob", f64::from(job))
            }
            Self::Refused(Refusal::Unreadable) => Packet::new("refused"),
        }
    }

    /// The message a packet holds. An imported state's invariants are
    /// checked again here (cheap); a state that breaks them is a bad field.
    pub fn decode<F>(mut packet: Packet<F>) -> Result<Self, DecodeError> {
        match packet.checked_kind()? {
            "ready" => Ok(Self::Ready),
            "reply" => {
                let job = packet.take_u32("job")?;
                let part = packet.take_u32("part")?;
                let parts = packet.take_u32("parts")?;
                let groups = match packet.take_u32s("groups")?.as_slice() {
                    [] => None,
                    &[groups, largest] => Some(GroupCount { groups, largest }),
                    _ => return Err(DecodeError::BadField("groups")),
                };
                Ok(Self::Share(ShareReply {
                    job,
                    part,
                    parts,
                    indices: packet.take_u32s("indices")?,
                    neighbours: packet.take_u32s("neighbours")?,
                    components: packet.take_f64s("components")?,
                    measures: MeasureShare {
                        ids: packet.take_u32s("nearestIds")?,
                        nearest: packet.take_f64s("nearest")?,
                        groups,
                    },
                }))
            }
            "row" => Ok(Self::Row(RunReply {
                run: packet.take_u64("run")?,
                line: packet.take_text("line")?,
            })),
            "imported" => {
                let params = packet.take_params()?;
                let step = packet.take_u64("step")?;
                let positions = unflatten(&packet.take_f64s("positions")?)
                    .ok_or(DecodeError::BadField("positions"))?;
                let velocities = unflatten(&packet.take_f64s("velocities")?)
                    .ok_or(DecodeError::BadField("velocities"))?;
                Kinematics::new(params, step, positions, velocities)
                    .map(Self::Imported)
                    .map_err(|_| DecodeError::BadField("positions"))
            }
            "importRefused" => Ok(Self::ImportRefused(packet.take_text("message")?)),
            "correlationBlocks" => Ok(Self::CorrelationBlocks(CorrelationReply {
                job: packet.take_u32("job")?,
                first_block: packet.take_u32("firstBlock")?,
                pairs: packet.take_f64s("pairs")?,
                products: packet.take_f64s("products")?,
            })),
            "refused" => {
                let refusal = if packet.fields.iter().any(|(key, _)| key == "job") {
                    Refusal::Share(packet.take_u32("job")?)
                } else if packet.fields.iter().any(|(key, _)| key == "run") {
                    Refusal::Run(packet.take_u64("run")?)
                } else if packet.fields.iter().any(|(key, _)| key == "correlationJob") {
                    Refusal::Correlations(packet.take_u32("correlationJob")?)
                } else {
                    Refusal::Unreadable
                };
                Ok(Self::Refused(refusal))
            }
            other => Err(DecodeError::UnknownKind(other.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Measure, SteeringSolver, Swarm};

    fn state(count: u32) -> Kinematics {
        let mut swarm = Swarm::new(&Params {
            count,
            seed: 5,
            ..Params::default()
        })
        .expect("valid params");
        swarm.step();
        swarm.kinematics()
    }

    fn share_reply() -> ShareReply {
        ShareRequest::new(7, Share::new(0, 2).expect("a share"), &state(40))
            .solve(&mut SteeringSolver::new())
            .expect("a valid request")
    }

    fn run_request() -> RunRequest {
        RunRequest {
            run: 9_007_199_254_740_992,
            point: 3,
            params: Params::default(),
            steps: 750,
            burn_in: 250,
            measures: MeasureSet::EMPTY
                .with(Measure::Polarization)
                .with(Measure::MeanNearestDistance),
        }
    }

    fn correlation_request() -> CorrelationRequest {
        let state = state(130);
        CorrelationRequest {
            job: u32::MAX,
            first_block: 1,
            end_block: 3,
            positions: flatten(state.positions()),
            velocities: flatten(state.velocities()),
        }
    }

    fn correlation_reply() -> CorrelationReply {
        correlation_request().solve().expect("a valid request")
    }

    fn every_request() -> Vec<ToWorker<String>> {
        vec![
            ToWorker::Correlations(correlation_request()),
            ToWorker::Share(ShareRequest::new(
                u32::MAX,
                Share::new(1, 3).expect("a share"),
                &state(30),
            )),
            ToWorker::Run(run_request()),
            ToWorker::Import("zustand.json".to_owned()),
        ]
    }

    fn every_answer() -> Vec<FromWorker> {
        vec![
            FromWorker::Ready,
            FromWorker::Share(share_reply()),
            FromWorker::Row(RunReply {
                run: 12,
                line: "12,0,1.5\n".to_owned(),
            }),
            FromWorker::Imported(state(20)),
            FromWorker::ImportRefused("Die Datei ist kein Zustand.".to_owned()),
            FromWorker::CorrelationBlocks(correlation_reply()),
            FromWorker::Refused(Refusal::Correlations(u32::MAX)),
            FromWorker::Refused(Refusal::Share(4)),
            FromWorker::Refused(Refusal::Run(1 << 40)),
            FromWorker::Refused(Refusal::Unreadable),
        ]
    }

    #[test]
    fn every_request_round_trips() {
        for request in every_request() {
            let packet = request.clone().encode();
            assert_eq!(packet.build, BUILD);
            assert_eq!(ToWorker::decode(packet), Ok(request));
        }
    }

    #[test]
    fn every_answer_round_trips() {
        for answer in every_answer() {
            let packet = answer.clone().encode::<()>();
            assert_eq!(packet.build, BUILD);
            assert_eq!(FromWorker::decode(packet), Ok(answer));
        }
    }

    #[test]
    fn a_packet_of_another_build_is_its_own_error() {
        for request in every_request() {
            let mut packet = request.encode();
            packet.build = "0.0.1-other".to_owned();
            assert_eq!(
                ToWorker::decode(packet),
                Err(DecodeError::OtherBuild("0.0.1-other".to_owned()))
            );
        }
        for answer in every_answer() {
            let mut packet = answer.encode::<()>();
            packet.build = String::new();
            assert_eq!(
                FromWorker::decode(packet),
                Err(DecodeError::OtherBuild(String::new()))
            );
        }
    }

    #[test]
    fn an_unknown_kind_is_its_own_error() {
        let mut packet = FromWorker::Ready.encode::<()>();
        packet.kind = "hello".to_owned();
        assert_eq!(
            FromWorker::decode(packet.clone()),
            Err(DecodeError::UnknownKind("hello".to_owned()))
        );
        assert_eq!(
            ToWorker::<()>::decode(packet),
            Err(DecodeError::UnknownKind("hello".to_owned()))
        );
        // The two directions do not read each other's kinds.
        let request = ToWorker::<()>::Run(run_request()).encode();
        assert_eq!(
            FromWorker::decode(request),
            Err(DecodeError::UnknownKind("run".to_owned()))
        );
    }

    /// The packet with field `name` replaced by `value`.
    fn with_field<F>(mut packet: Packet<F>, name: &str, value: Field<F>) -> Packet<F> {
        let field = packet
            .fields
            .iter_mut()
            .find(|(key, _)| key == name)
            .expect("the packet has the field");
        field.1 = value;
        packet
    }

    #[test]
    fn a_missing_or_mistyped_field_is_named() {
        let reply = || FromWorker::Share(share_reply()).encode::<()>();
        let mut packet = reply();
        packet.fields.retain(|(key, _)| key != "components");
        assert_eq!(
            FromWorker::decode(packet),
            Err(DecodeError::BadField("components"))
        );
        assert_eq!(
            FromWorker::decode(with_field(reply(), "job", Field::Number(-1.0))),
            Err(DecodeError::BadField("job"))
        );
        assert_eq!(
            FromWorker::decode(with_field(reply(), "groups", Field::U32s(vec![1, 2, 3]))),
            Err(DecodeError::BadField("groups"))
        );
        let run = || ToWorker::<()>::Run(run_request()).encode();
        assert_eq!(
            ToWorker::decode(with_field(run(), "steps", Field::Text("750".to_owned()))),
            Err(DecodeError::BadField("steps"))
        );
        // A run number beyond what a double holds exactly.
        assert_eq!(
            ToWorker::decode(with_field(run(), "run", Field::Number(EXACT * 2.0))),
            Err(DecodeError::BadField("run"))
        );
        // Bits no measure has.
        for bits in [64.0, 256.0, 1.5] {
            assert_eq!(
                ToWorker::decode(with_field(run(), "measures", Field::Number(bits))),
                Err(DecodeError::BadField("measures")),
                "{bits}"
            );
        }
    }

    #[test]
    fn a_correlation_message_with_a_bad_field_is_named_not_decoded() {
        let request = || ToWorker::<()>::Correlations(correlation_request()).encode();
        for (name, value) in [
            ("firstBlock", Field::Number(-1.0)),
            ("endBlock", Field::Number(2.5)),
            ("job", Field::Number(f64::from(u32::MAX) + 1.0)),
            ("positions", Field::U32s(vec![1, 2, 3])),
            ("velocities", Field::Text("schnell".to_owned())),
        ] {
            assert_eq!(
                ToWorker::decode(with_field(request(), name, value)),
                Err(DecodeError::BadField(name))
            );
        }
        let reply = || FromWorker::CorrelationBlocks(correlation_reply()).encode::<()>();
        let mut packet = reply();
        packet.fields.retain(|(key, _)| key != "products");
        assert_eq!(
            FromWorker::decode(packet),
            Err(DecodeError::BadField("products"))
        );
        assert_eq!(
            FromWorker::decode(with_field(reply(), "firstBlock", Field::Number(f64::NAN))),
            Err(DecodeError::BadField("firstBlock"))
        );
        // A refusal names the correlation job, not a share's.
        assert_eq!(
            FromWorker::decode(FromWorker::Refused(Refusal::Correlations(5)).encode::<()>()),
            Ok(FromWorker::Refused(Refusal::Correlations(5)))
        );
    }

    #[test]
    fn an_imported_state_that_breaks_its_invariants_is_refused() {
        let state = state(20);
        let short = flatten(&state.velocities()[1..]);
        let packet = with_field(
            FromWorker::Imported(state).encode::<()>(),
            "velocities",
            Field::F64s(short),
        );
        assert!(matches!(
            FromWorker::decode(packet),
            Err(DecodeError::BadField(_))
        ));
    }
}
