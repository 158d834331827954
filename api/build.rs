//! Records what /debug shows about the build: the git commit and the Rust compiler's version.
//! `MUDANZAS_GIT_COMMIT` set in the build's environment wins (a build from a source archive has
//! no .git); without either, /debug says the commit is unknown.

use std::process::Command;

fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

fn main() {
    println!("cargo:rerun-if-env-changed=MUDANZAS_GIT_COMMIT");
    let commit = std::env::var("MUDANZAS_GIT_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| output("git", &["rev-parse", "--short=12", "HEAD"]));
    if let Some(commit) = commit {
        println!("cargo:rustc-env=MUDANZAS_GIT_COMMIT={commit}");
    }
    // Rebuild when HEAD moves: its file, and the branch file it names (in a worktree both live
    // under the main repository's .git, which `--git-path` resolves).
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = output("git", &["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    if let Some(head) = output("git", &["symbolic-ref", "-q", "HEAD"]) {
        if let Some(p) = output("git", &["rev-parse", "--git-path", &head]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if let Some(version) = output(&rustc, &["--version"]) {
        println!("cargo:rustc-env=MUDANZAS_RUSTC_VERSION={version}");
    }
}
