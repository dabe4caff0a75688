//! `gjjq datagen --out`: a dataset is replaced whole or not at all (issue 41, item 3).

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{GJJQ, gjjq, stderr, stdout, test_dir};
use gjjq_engine::dataset::DatasetReader;

/// A few short games: about fifty records.
const QUICK: [&str; 8] = [
    "--games",
    "4",
    "--nodes",
    "30",
    "--max-plies",
    "20",
    "--seed",
    "3",
];

/// The file names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Records in a dataset file, every one read.
fn records(path: &Path) -> usize {
    let reader = DatasetReader::new(std::fs::File::open(path).unwrap()).unwrap();
    reader.map(Result::unwrap).collect::<Vec<_>>().len()
}

#[cfg(unix)]
#[test]
fn a_completed_run_replaces_the_dataset_and_leaves_nothing_else() {
    let dir = test_dir("datagen", "complete");
    let out = dir.join("d.gjjqd");
    std::fs::write(&out, b"an older dataset").unwrap();
    let o = gjjq(&[&["datagen", "--out", out.to_str().unwrap()], &QUICK[..]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("d.gjjqd"), "{}", stdout(&o));
    assert!(records(&out) > 0);
    assert_eq!(names(&dir), ["d.gjjqd"]);
    // Through a link: the link stays and its target is replaced.
    let link = dir.join("link.gjjqd");
    std::os::unix::fs::symlink(&out, &link).unwrap();
    let o = gjjq(&[&["datagen", "--out", link.to_str().unwrap()], &QUICK[..]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(records(&out) > 0);
    assert_eq!(names(&dir), ["d.gjjqd", "link.gjjqd"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A run that fails while writing (the file-size limit, as a full disk would): the old
/// dataset is left whole, no temporary file stays, and the error names the file.
#[cfg(unix)]
#[test]
fn a_failed_run_leaves_the_old_dataset_as_it_was() {
    let dir = test_dir("datagen", "failed");
    let out = dir.join("d.gjjqd");
    let old = b"an older dataset, precious".to_vec();
    std::fs::write(&out, &old).unwrap();
    // `ulimit -f 1`: no file of this process grows past 512 bytes (one header and five
    // records); SIGXFSZ ignored, so that the write fails instead of killing the process.
    let script = format!(
        "trap '' XFSZ; ulimit -f 1 && exec \"$0\" datagen --out '{}' {}",
        out.display(),
        QUICK.join(" ")
    );
    let o = Command::new("sh")
        .args(["-c", &script, GJJQ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("--out ") && e.contains("d.gjjqd"), "{e}");
    assert!(e.contains("left as it was"), "{e}");
    assert_eq!(std::fs::read(&out).unwrap(), old);
    assert_eq!(names(&dir), ["d.gjjqd"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_device_is_an_error_naming_it() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full");
        return;
    }
    let o = gjjq(&[&["datagen", "--out", "/dev/full"], &QUICK[..]].concat());
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("--out /dev/full: "), "{e}");
    assert!(Path::new("/dev/full").exists());
}

/// A run stopped by a signal (SIGINT, as Ctrl-C sends, and SIGKILL) leaves nothing in the
/// directory (issue 50, item 13: it left `<out>.partial-<pid>`): the records are written into
/// a file of no name until the run completes. The signal is sent once the run has its output
/// open (seen in `/proc/<pid>/fd`), mid-play.
#[cfg(target_os = "linux")]
#[test]
fn a_stopped_run_leaves_nothing_behind() {
    for signal in ["INT", "KILL"] {
        let dir = test_dir("datagen", &format!("stopped-{signal}"));
        let out = dir.join("d.gjjqd");
        /// Kills the run however the test ends (it would play 100,000 games).
        struct Killed(std::process::Child);
        impl Drop for Killed {
            fn drop(&mut self) {
                let _ = self.0.kill();
                let _ = self.0.wait();
            }
        }
        // Through `env --default-signal=INT`, which execs the run with SIGINT at its default
        // action (and the same pid): a shell that starts a command in the background without
        // job control (`cmd &` in a script) sets SIGINT to ignored, and the run would inherit
        // that and never stop.
        let mut child = Killed(
            Command::new("env")
                .arg("--default-signal=INT")
                .arg(GJJQ)
                .args(["datagen", "--out", out.to_str().unwrap()])
                .args(["--games", "100000", "--nodes", "50"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let pid = child.0.id();
        let start = Instant::now();
        // Its output open and written to: a descriptor on a file of the directory that has
        // grown past its header.
        loop {
            let open = std::fs::read_dir(format!("/proc/{pid}/fd"))
                .into_iter()
                .flatten()
                .flatten()
                .filter_map(|e| std::fs::read_link(e.path()).ok())
                .any(|t| t.starts_with(&dir));
            let grown = std::fs::read_dir(format!("/proc/{pid}/fd"))
                .into_iter()
                .flatten()
                .flatten()
                .any(|e| {
                    std::fs::read_link(e.path()).is_ok_and(|t| t.starts_with(&dir))
                        && std::fs::metadata(e.path()).is_ok_and(|m| m.len() > 4096)
                });
            if open && grown {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{:?}",
                names(&dir)
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        child.0.wait().unwrap();
        assert_eq!(names(&dir), Vec::<String>::new(), "after SIG{signal}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
