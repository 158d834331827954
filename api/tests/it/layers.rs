//! No import cycles between the modules of `api/src`: a module that needs another must not be
//! needed by it, directly or through others, or neither can be read, tested or moved alone.
//!
//! A module is a file (`foo.rs` and `foo/mod.rs` are `foo`, `foo/bar.rs` is `foo::bar`; inline
//! modules belong to their file). Its dependencies are the `crate::`, `super::` and `self::` paths
//! it names, and the paths through the child modules it declares, in code, `use` items and macro
//! arguments alike; a name the crate root re-exports counts as the module it comes from. The
//! cycles are the strongly connected components of that graph (Tarjan's algorithm).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use syn::visit::Visit;

#[test]
fn the_modules_of_api_src_import_each_other_without_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src, &src, &mut files);
    let graph = dependencies(&files);
    let cycles = cycles(&graph);
    assert!(
        cycles.is_empty(),
        "import cycles:\n{}",
        describe(&cycles, &graph)
    );
}

#[test]
fn the_checker_finds_a_cycle() {
    let files = |sources: &[(&str, &str)]| -> Vec<(String, String)> {
        sources
            .iter()
            .map(|(path, source)| (path.to_string(), source.to_string()))
            .collect()
    };
    let acyclic = files(&[
        (
            "lib.rs",
            "pub mod routes; pub mod state; pub mod error; pub use state::AppState;",
        ),
        (
            "state.rs",
            "use crate::error::ApiError; pub struct AppState;",
        ),
        (
            "error.rs",
            "pub struct ApiError; #[cfg(test)] mod tests { use super::*; }",
        ),
        (
            "routes/mod.rs",
            "mod moves; pub fn router() { moves::router(); let _ = crate::AppState; }",
        ),
        (
            "routes/moves.rs",
            "pub fn router() { crate::state::AppState; }",
        ),
    ]);
    assert_eq!(cycles(&dependencies(&acyclic)), Vec::<Vec<String>>::new());

    // A child using its parent's helper while the parent registers the child's routes; and a
    // longer loop, through a root re-export and a macro's arguments.
    let cyclic = files(&[
        (
            "lib.rs",
            "pub mod routes; pub mod state; pub mod live; pub use state::AppState;",
        ),
        (
            "state.rs",
            "pub struct AppState { live: crate::live::LiveHub }",
        ),
        (
            "live.rs",
            "pub struct LiveHub; fn f() { format!(\"{}\", crate::routes::moves::X); }",
        ),
        (
            "routes/mod.rs",
            "mod moves; pub const NOT_FOUND: &str = \"\"; fn r() { moves::g() }",
        ),
        (
            "routes/moves.rs",
            "use super::NOT_FOUND; use crate::{AppState, state};",
        ),
    ]);
    assert_eq!(
        cycles(&dependencies(&cyclic)),
        vec![vec![
            "live".to_string(),
            "routes".into(),
            "routes::moves".into(),
            "state".into()
        ]]
    );
}

/// Every `.rs` file under `dir` but the binary's root, as (path relative to `src`, source).
fn collect(src: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(src, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if relative != "main.rs" {
                files.push((relative, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
}

/// The module a file is: `[]` for the crate root.
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

/// Each module's dependencies on the others, by name.
fn dependencies(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(f, _)| module_of(f)).collect();
    let mut scanned = Vec::new();
    // What each module's `use` items name: a path through a re-export (`crate::AppState`, which
    // the root takes from `state`) depends on the module that defines the item.
    let mut aliases: HashMap<Vec<String>, HashMap<String, Vec<String>>> = HashMap::new();
    for (file, source) in files {
        let syntax = syn::parse_file(source).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut paths = Paths::default();
        paths.visit_file(&syntax);
        let module = module_of(file);
        for (alias, path) in &paths.uses {
            if let Some(path) = absolute(&module, path, 0, &paths.children) {
                aliases
                    .entry(module.clone())
                    .or_default()
                    .insert(alias.clone(), path);
            }
        }
        scanned.push((module, paths));
    }
    let mut graph = BTreeMap::new();
    for (module, paths) in &scanned {
        let targets: &mut BTreeSet<String> = graph.entry(name(module)).or_default();
        for (path, depth) in &paths.found {
            let Some(absolute) = absolute(module, path, *depth, &paths.children) else {
                continue;
            };
            let target = defining_module(&modules, &aliases, absolute);
            if target != *module {
                targets.insert(name(&target));
            }
        }
    }
    graph
}

/// The module that defines what `path` (from the crate root) names, following re-exports.
fn defining_module(
    modules: &BTreeSet<Vec<String>>,
    aliases: &HashMap<Vec<String>, HashMap<String, Vec<String>>>,
    mut path: Vec<String>,
) -> Vec<String> {
    // A few steps are enough for any chain of re-exports; the bound stops a loop.
    for _ in 0..8 {
        let module = longest_module(modules, &path);
        let rest = &path[module.len()..];
        let Some(aliased) = rest
            .first()
            .and_then(|first| aliases.get(&module)?.get(first))
        else {
            return module;
        };
        path = [aliased.as_slice(), &rest[1..]].concat();
    }
    longest_module(modules, &path)
}

/// The path from the crate root that `path` names in `module`, written `depth` inline modules
/// deep; `None` for a path outside the crate (another crate, a local name).
fn absolute(
    module: &[String],
    path: &[String],
    depth: usize,
    children: &BTreeSet<String>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let join = |base: &[String], rest: &[String]| [base, rest].concat();
    match first.as_str() {
        "crate" => Some(path[1..].to_vec()),
        "self" => Some(join(module, &path[1..])),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            // Inside an inline module the first `super`s stay in the file.
            let out_of_file = ups.saturating_sub(depth);
            let base = &module[..module.len().saturating_sub(out_of_file)];
            Some(join(base, &path[ups..]))
        }
        child if depth == 0 && children.contains(child) => Some(join(module, path)),
        _ => None,
    }
}

fn longest_module(modules: &BTreeSet<Vec<String>>, path: &[String]) -> Vec<String> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| modules.contains(prefix))
        .unwrap_or_default()
}

/// The paths a file names, each with how many inline modules deep it is written, and the child
/// modules it declares.
#[derive(Default)]
struct Paths {
    found: Vec<(Vec<String>, usize)>,
    /// The file's own `use` items, by the name each brings in.
    uses: Vec<(String, Vec<String>)>,
    children: BTreeSet<String>,
    depth: usize,
}

impl Paths {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.add_use(prefix, &n.ident, &n.ident),
            syn::UseTree::Rename(r) => self.add_use(prefix, &r.ident, &r.rename),
            syn::UseTree::Glob(_) => self.add(prefix.clone()),
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }

    fn add_use(&mut self, prefix: &[String], ident: &syn::Ident, alias: &syn::Ident) {
        let path = [prefix, &[ident.to_string()]].concat();
        if self.depth == 0 {
            self.uses.push((alias.to_string(), path.clone()));
        }
        self.add(path);
    }

    fn tokens(&mut self, tokens: String) {
        let text = tokens.replace(" :: ", "::");
        for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            if word.contains("::") && !word.starts_with(':') {
                self.add(word.split("::").map(String::from).collect());
            }
        }
    }

    fn add(&mut self, path: Vec<String>) {
        if !path.is_empty() {
            self.found.push((path, self.depth));
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        match &item.content {
            None if self.depth == 0 => {
                self.children.insert(item.ident.to_string());
            }
            None => {}
            Some(_) => {
                self.depth += 1;
                syn::visit::visit_item_mod(self, item);
                self.depth -= 1;
            }
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 {
            self.add(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }

    /// A macro's arguments are tokens, not syntax: the paths written in them (`a::b::c`).
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.to_string());
        syn::visit::visit_macro(self, mac);
    }

    /// And an attribute's, with the paths it names in strings
    /// (`#[serde(deserialize_with = "crate::input::flag")]`).
    fn visit_meta_list(&mut self, list: &'ast syn::MetaList) {
        self.tokens(list.tokens.to_string());
        syn::visit::visit_meta_list(self, list);
    }
}

/// The strongly connected components of more than one module (Tarjan), each sorted, in order.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        next: usize,
        index: HashMap<&'g str, usize>,
        low: HashMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Tarjan<'g> {
        fn connect(&mut self, v: &'g str) {
            self.index.insert(v, self.next);
            self.low.insert(v, self.next);
            self.next += 1;
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.connect(w);
                    self.low.insert(v, self.low[v].min(self.low[w]));
                } else if self.on_stack.contains(w) {
                    self.low.insert(v, self.low[v].min(self.index[w]));
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        next: 0,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !tarjan.index.contains_key(v.as_str()) {
            tarjan.connect(v);
        }
    }
    tarjan.found.sort();
    tarjan.found
}

/// Each cycle with its members' dependencies inside it.
fn describe(cycles: &[Vec<String>], graph: &BTreeMap<String, BTreeSet<String>>) -> String {
    let mut text = String::new();
    for (n, members) in cycles.iter().enumerate() {
        text += &format!(
            "{}. {} modules: {}\n",
            n + 1,
            members.len(),
            members.join(", ")
        );
        for member in members {
            let inside: Vec<&str> = graph[member]
                .iter()
                .filter(|t| members.contains(t))
                .map(String::as_str)
                .collect();
            text += &format!("     {member} -> {}\n", inside.join(", "));
        }
    }
    text
}
