#![cfg(not(target_arch = "wasm32"))]
//! A study beyond one process, on the engines the README names (SPEC §8):
//! its shards run as GNU parallel jobs and as a Slurm job array on a
//! single-node Slurm brought up here, and `study-merge` joins their files
//! into the single-process result, byte for byte. Every daemon these tests
//! start is stopped when they end, also when they fail.
//!
//! The set-up (`scripts/setup.sh test`) installs GNU parallel, Slurm and
//! munge; Slurm's daemons need root, as on the test machines.

mod cli_support;

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cli_support::{CLI, Dir, stdout};

/// 3 grid points × 4 seeds = 12 runs, split into 4 shards of 3.
const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 40, "radius": 1.5},
  "sweep": [{"parameter": "alignment", "values": [0, 0.2, 0.4]}],
  "seeds": {"from": 7, "count": 4}, "steps": 30, "burn_in": 10}"#;
const SHARDS: usize = 4;

/// How long the scheduler may take before the test gives up (not a speed
/// figure: the whole study takes about a second).
const PATIENCE: Duration = Duration::from_secs(120);

fn merged(dir: &Dir) -> String {
    let parts: Vec<String> = (0..SHARDS)
        .map(|shard| dir.path(&format!("part-{shard}.csv")))
        .collect();
    let mut args = vec!["study-merge"];
    args.extend(parts.iter().map(String::as_str));
    stdout(&args)
}

#[test]
fn shards_run_by_gnu_parallel_merge_into_the_single_process_result() {
    let dir = Dir::new("gnu-parallel");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);

    let shards: Vec<String> = (0..SHARDS).map(|shard| shard.to_string()).collect();
    let status = Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1", "--jobs", "2"])
        .arg(format!(
            "{CLI} study {plan} --threads 1 --shard {{}}/{SHARDS} --output {} > /dev/null",
            dir.path("part-{}.csv")
        ))
        .arg(":::")
        .args(&shards)
        .status()
        .expect("GNU parallel (Debian package parallel) runs");
    assert!(status.success(), "parallel: {status}");

    assert_eq!(merged(&dir), whole);
}

#[test]
fn a_slurm_job_array_of_shards_merges_into_the_single_process_result() {
    let dir = Dir::new("slurm");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);

    let cluster = Cluster::start(&dir);
    let submitted = cluster
        .command("sbatch")
        .args([
            "--parsable",
            &format!("--array=0-{}", SHARDS - 1),
            &format!("--output={}", dir.path("slurm-%a.log")),
            "--wrap",
            &format!(
                "{CLI} study {plan} --threads 1 --shard $SLURM_ARRAY_TASK_ID/{SHARDS} \
                 --output {} > /dev/null",
                dir.path("part-$SLURM_ARRAY_TASK_ID.csv")
            ),
        ])
        .output()
        .expect("sbatch runs");
    assert!(
        submitted.status.success(),
        "sbatch: {}\n{}",
        String::from_utf8_lossy(&submitted.stderr),
        cluster.logs()
    );
    let job = String::from_utf8(submitted.stdout)
        .unwrap()
        .trim()
        .to_owned();
    cluster.wait_for_job(&job);

    for shard in 0..SHARDS {
        let log = std::fs::read_to_string(dir.path(&format!("slurm-{shard}.log")))
            .unwrap_or_else(|error| panic!("task {shard} wrote no log ({error})"));
        assert!(log.is_empty(), "task {shard} said: {log}");
    }
    assert_eq!(merged(&dir), whole);
}

/// munged, slurmctld and slurmd in the foreground, with their keys,
/// sockets, state and logs in the test's folder; killed on drop.
struct Cluster {
    conf: String,
    spool: String,
    logs: Vec<String>,
    daemons: Vec<Child>,
}

impl Cluster {
    fn start(dir: &Dir) -> Self {
        let key = dir.path("munge.key");
        let mut file = std::fs::File::create(&key).unwrap();
        file.write_all(&random_key()).unwrap();
        drop(file);
        set_mode(&key, 0o600);
        set_mode(dir.root().to_str().unwrap(), 0o700);
        let socket = dir.path("munge.socket");
        let spool = dir.path("spool");
        let state = dir.path("state");
        std::fs::create_dir_all(&spool).unwrap();
        std::fs::create_dir_all(&state).unwrap();

        let conf = dir.file("slurm.conf", &slurm_conf(dir, &socket, &spool, &state));
        let mut cluster = Self {
            conf,
            spool: spool.clone(),
            logs: vec![
                dir.path("munged.log"),
                dir.path("slurmctld.log"),
                dir.path("slurmd.log"),
            ],
            daemons: Vec::new(),
        };
        cluster.spawn(Command::new("munged").args([
            "--foreground",
            "--force",
            &format!("--key-file={key}"),
            &format!("--socket={socket}"),
            &format!("--pid-file={}", dir.path("munged.pid")),
            &format!("--log-file={}", dir.path("munged.log")),
            &format!("--seed-file={}", dir.path("munged.seed")),
        ]));
        cluster.wait_until("munged's socket", || std::path::Path::new(&socket).exists());
        let conf = cluster.conf.clone();
        cluster.spawn(Command::new("slurmctld").args(["-D", "-f", &conf]));
        cluster.spawn(Command::new("slurmd").args(["-D", "-f", &conf]));
        cluster.wait_until("an idle node", || {
            Command::new("sinfo")
                .env("SLURM_CONF", &conf)
                .args(["-h", "-o", "%T"])
                .output()
                .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "idle")
        });
        cluster
    }

    fn spawn(&mut self, command: &mut Command) {
        let child = command
            .env("SLURM_CONF", &self.conf)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| panic!("{command:?} starts ({error})"));
        self.daemons.push(child);
    }

    /// A Slurm client command that talks to this cluster.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.conf);
        command
    }

    fn wait_until(&mut self, what: &str, mut done: impl FnMut() -> bool) {
        let start = Instant::now();
        while !done() {
            for daemon in &mut self.daemons {
                if let Ok(Some(status)) = daemon.try_wait() {
                    panic!(
                        "a daemon stopped ({status}) waiting for {what}\n{}",
                        self.logs()
                    );
                }
            }
            assert!(start.elapsed() < PATIENCE, "no {what}\n{}", self.logs());
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Until `squeue` no longer lists the job's tasks.
    fn wait_for_job(&self, job: &str) {
        let start = Instant::now();
        loop {
            let queue = self
                .command("squeue")
                .args(["-h", "-j", job])
                .output()
                .expect("squeue runs");
            if queue.status.success() && queue.stdout.is_empty() && !self.steps_alive() {
                return;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "job {job} still queued: {}\n{}",
                String::from_utf8_lossy(&queue.stdout),
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(300));
        }
    }

    /// Whether a job step's daemon (slurmstepd) still has its socket in
    /// the spool: it outlives the job by a moment, and must end before
    /// slurmd does so that nothing of the test stays behind.
    fn steps_alive(&self) -> bool {
        use std::os::unix::fs::FileTypeExt;
        std::fs::read_dir(&self.spool).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|entry| entry.file_type().is_ok_and(|kind| kind.is_socket()))
        })
    }

    fn logs(&self) -> String {
        self.logs
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let tail: Vec<&str> = text.lines().rev().take(15).collect();
                let tail: Vec<&str> = tail.into_iter().rev().collect();
                format!("--- {path}\n{}", tail.join("\n"))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // slurmd before slurmctld before munged: each still finds the next.
        // SIGTERM lets slurmd end its job steps; SIGKILL after a grace period.
        for daemon in self.daemons.iter_mut().rev() {
            Command::new("kill")
                .args(["-TERM", &daemon.id().to_string()])
                .status()
                .ok();
            let start = Instant::now();
            while matches!(daemon.try_wait(), Ok(None)) && start.elapsed() < Duration::from_secs(10)
            {
                std::thread::sleep(Duration::from_millis(100));
            }
            daemon.kill().ok();
            daemon.wait().ok();
        }
        // slurmd's step daemons end a moment after it (the only Slurm on
        // a test machine is this one).
        let start = Instant::now();
        while step_daemons_running() && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

fn step_daemons_running() -> bool {
    std::fs::read_dir("/proc").is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            std::fs::read_to_string(entry.path().join("comm"))
                .is_ok_and(|name| name.trim() == "slurmstepd")
        })
    })
}

fn slurm_conf(dir: &Dir, munge_socket: &str, spool: &str, state: &str) -> String {
    let host = String::from_utf8(Command::new("hostname").arg("-s").output().unwrap().stdout)
        .unwrap()
        .trim()
        .to_owned();
    let user = String::from_utf8(Command::new("id").arg("-un").output().unwrap().stdout)
        .unwrap()
        .trim()
        .to_owned();
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    [
        "ClusterName=boids-test".to_owned(),
        format!("SlurmctldHost={host}(127.0.0.1)"),
        format!("SlurmUser={user}"),
        format!("SlurmdUser={user}"),
        "AuthType=auth/munge".to_owned(),
        "CredType=cred/munge".to_owned(),
        format!("AuthInfo=socket={munge_socket}"),
        "SlurmctldPort=46817".to_owned(),
        "SlurmdPort=46818".to_owned(),
        "ProctrackType=proctrack/linuxproc".to_owned(),
        "TaskPlugin=task/none".to_owned(),
        "JobAcctGatherType=jobacct_gather/none".to_owned(),
        "AccountingStorageType=accounting_storage/none".to_owned(),
        "SelectType=select/cons_tres".to_owned(),
        "SelectTypeParameters=CR_Core".to_owned(),
        "MpiDefault=none".to_owned(),
        "ReturnToService=2".to_owned(),
        format!("StateSaveLocation={state}"),
        format!("SlurmdSpoolDir={spool}"),
        format!("SlurmctldPidFile={}", dir.path("slurmctld.pid")),
        format!("SlurmdPidFile={}", dir.path("slurmd.pid")),
        format!("SlurmctldLogFile={}", dir.path("slurmctld.log")),
        format!("SlurmdLogFile={}", dir.path("slurmd.log")),
        format!("NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN"),
        format!("PartitionName=test Nodes={host} Default=YES MaxTime=INFINITE State=UP"),
    ]
    .join("\n")
        + "\n"
}

fn random_key() -> Vec<u8> {
    let mut key = vec![0; 1024];
    let mut urandom = std::fs::File::open("/dev/urandom").unwrap();
    std::io::Read::read_exact(&mut urandom, &mut key).unwrap();
    key
}

fn set_mode(path: &str, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}
