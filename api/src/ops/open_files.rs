//! The process's limit on open files.

/// Raises this process's soft limit on open files to its hard limit and returns the limit now in
/// force. Every connection, WebSocket or keep-alive, is a descriptor, and the soft limit is often
/// 1,024 while the hard one is far higher: at the soft limit `accept` fails with EMFILE, and
/// axum's accept loop then sleeps a second per failure while new visitors queue. Raising the soft
/// limit needs no privilege, so a server that holds many connections should simply do it.
#[cfg(unix)]
pub fn raise_open_file_limit() -> std::io::Result<libc::rlim_t> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes into the struct passed, which lives for the call.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: setrlimit only reads the struct passed.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        limit.rlim_cur = limit.rlim_max;
    }
    Ok(limit.rlim_cur)
}

#[cfg(not(unix))]
pub fn raise_open_file_limit() -> std::io::Result<u64> {
    Ok(u64::MAX)
}
