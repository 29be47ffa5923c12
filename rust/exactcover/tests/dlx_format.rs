//! Knuth's DLX text format: the examples of `DLX_FORMAT.md`, one malformed
//! input per rule, and round trips.

mod common;

use exactcover::dlx_format::{DlxEntry, DlxError, DlxProblem, Syntax};
use exactcover::{Error, Item, Problem, Solver};

fn parse(text: &str) -> DlxProblem {
    DlxProblem::parse(text, Syntax::Permissive).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn strict(text: &str) -> DlxProblem {
    DlxProblem::parse(text, Syntax::Strict).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn count(dlx: &DlxProblem) -> u64 {
    Solver::new(&dlx.to_problem().unwrap()).count()
}

/// The solutions, each as sorted option texts.
fn solutions(dlx: &DlxProblem) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<String>> = Solver::new(&dlx.to_problem().unwrap())
        .solutions()
        .map(|s| {
            let mut texts: Vec<String> = s.into_iter().map(|k| dlx.option_text(k)).collect();
            texts.sort();
            texts
        })
        .collect();
    all.sort();
    all
}

/// The error of a malformed text (in the given syntax).
fn error(text: &str, syntax: Syntax) -> (usize, DlxError) {
    match DlxProblem::parse(text, syntax) {
        Err(Error::Dlx { line, reason }) => (line, reason),
        other => panic!("{text:?} should be rejected, got {other:?}"),
    }
}

fn round_trip(dlx: &DlxProblem) {
    let text = dlx.to_string();
    let back = strict(&text);
    assert!(back.same_as(dlx), "{text}");
    assert_eq!(back.to_string(), text);
}

const DLX1_EXAMPLE: &str =
    "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn dlx1_example_has_one_solution() {
    let dlx = strict(DLX1_EXAMPLE);
    assert_eq!(dlx.num_primary(), 5);
    assert_eq!(dlx.items().len(), 7);
    assert_eq!(dlx.options().len(), 6);
    assert_eq!(dlx.options()[0].line, 3);
    assert_eq!(solutions(&dlx), [["A D", "B G", "C E F"]]);
    round_trip(&dlx);
}

#[test]
fn dlx2_color_example_is_read_and_solved() {
    let text = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    let dlx = strict(text);
    assert_eq!(dlx.options().len(), 4);
    assert_eq!(dlx.dropped(), [5]);
    assert!(dlx.uses_colors());
    assert_eq!(
        dlx.options()[0].entries[2],
        DlxEntry {
            item: 3,
            color: Some("0".into())
        }
    );
    assert_eq!(dlx.option_text(1), "A C X:1 Y:1");
    // The documented solution: `A C X:1 Y:1` and `B X:1`.
    assert_eq!(solutions(&dlx), [["A C X:1 Y:1", "B X:1"]]);
    assert_eq!(dlx.color_names(), ["0", "1"]);
    round_trip(&dlx);
    // Any byte can be a color, even `:` or `|`.
    let dlx = strict("A | X\nA X::\nA X:|\n");
    assert_eq!(dlx.options()[0].entries[1].color.as_deref(), Some(":"));
    assert_eq!(dlx.options()[1].entries[1].color.as_deref(), Some("|"));
    round_trip(&dlx);
}

#[test]
fn dlx3_multiplicity_example() {
    let text =
        "| dlx3.w's example\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let dlx = strict(text);
    assert_eq!(
        dlx.items()[2].item,
        Item {
            primary: true,
            lo: 2,
            hi: 3
        }
    );
    assert!(dlx.uses_bounds());
    round_trip(&dlx);
    // The documented solution (dlx3 also prints a `null C` move).
    assert_eq!(solutions(&dlx), [["A C X:1 Y:1", "B X:1", "C Y:1"]]);
}

#[test]
fn bound_prefixes() {
    let dlx = strict("2|A 0:2|B :3|C 1|D 10:20|ABCDEFGH\nA\n");
    let bounds: Vec<(u32, u32)> = dlx.items().iter().map(|i| (i.item.lo, i.item.hi)).collect();
    assert_eq!(bounds, [(2, 2), (0, 2), (0, 3), (1, 1), (10, 20)]);
    assert_eq!(
        dlx.to_string().lines().next(),
        Some("2|A 0:2|B 0:3|C D 10:20|ABCDEFGH")
    );
    round_trip(&dlx);
}

/// dlx3 looks for the `:` or `|` after a run of digits within 8 bytes: runs
/// of up to 7 digits are read, and a run of 8 or more is an item name too long.
#[test]
fn strict_bound_runs_are_those_dlx3_reads() {
    let dlx = strict("9999999|A 1234567:7654321|B 0000001:2|C\nA B C\n");
    let bounds: Vec<(u32, u32)> = dlx.items().iter().map(|i| (i.item.lo, i.item.hi)).collect();
    assert_eq!(bounds, [(9999999, 9999999), (1234567, 7654321), (1, 2)]);
    for token in [
        "12345678|A",
        "1:23456789|A",
        "00000001:2|A",
        "12345678:12345679|A",
    ] {
        let text = format!("{token}\nA\n");
        let err = DlxProblem::parse(&text, Syntax::Strict).unwrap_err();
        assert!(
            err.to_string().contains("bound prefix") && err.to_string().contains(token),
            "{token}: {err}"
        );
        // The permissive reader takes them.
        DlxProblem::parse(&text, Syntax::Permissive).unwrap();
    }
    // Beyond 32 bits: too long for dlx3, too large for the permissive reader.
    let text = "99999999999|A\nA\n";
    let too_large = DlxProblem::parse(text, Syntax::Permissive).unwrap_err();
    assert!(matches!(
        too_large,
        Error::Dlx {
            line: 1,
            reason: DlxError::BoundTooLarge { .. }
        }
    ));
    let too_long = DlxProblem::parse(text, Syntax::Strict).unwrap_err();
    assert!(matches!(
        too_long,
        Error::Dlx {
            line: 1,
            reason: DlxError::BoundTooLong { .. }
        }
    ));
}

/// 2n-queens written in dlx3's syntax, as in DLX_FORMAT.md (OEIS A225623).
fn two_queens_text(n: usize) -> String {
    let mut text = String::from("| 2n-queens\n");
    let mut items = Vec::new();
    for i in 0..n {
        items.push(format!("2|r{i}"));
        items.push(format!("2|c{i}"));
    }
    for d in 0..2 * n - 1 {
        items.push(format!("0:2|a{d}"));
        items.push(format!("0:2|b{d}"));
    }
    text += &items.join(" ");
    text += "\n";
    for i in 0..n {
        for j in 0..n {
            text += &format!("r{i} c{j} a{} b{}\n", i + j, i + n - 1 - j);
        }
    }
    text
}

#[test]
fn two_n_queens_from_text() {
    for (n, expected) in [(4, 11), (5, 92), (6, 1097)] {
        let dlx = strict(&two_queens_text(n));
        assert_eq!(count(&dlx), expected, "n = {n}");
        round_trip(&dlx);
    }
}

#[test]
fn lines_blanks_and_comments() {
    // Comments and blank lines anywhere, CRLF, TAB/VT/FF as blanks, leading blanks.
    let text = "\n  | comment\r\n\t A\x0bB  |\x0cX \r\n\n| c\nA X\r\n   B\n  |A\n";
    let dlx = strict(text);
    assert_eq!(dlx.items().len(), 3);
    assert_eq!(dlx.num_primary(), 2);
    assert_eq!(dlx.options().len(), 2);
    assert_eq!(dlx.options()[1].line, 7);
    assert_eq!(count(&dlx), 1);
    // A separator directly followed by a name, a trailing separator.
    assert_eq!(strict("A B |X\nA\n").items().len(), 3);
    assert_eq!(strict("A B |\nA B\n").items().len(), 2);
    // UTF-8 names; digits, `#` and friends are fine in names.
    assert_eq!(strict("é 12 #(;, |x\n12 é\n").items()[0].name, "é");
    // A primary item in no option: no solution, not an error.
    assert_eq!(count(&strict("A B\nA\n")), 0);
    // Duplicate options count twice.
    assert_eq!(count(&strict("A\nA\nA\n")), 2);
}

#[test]
fn options_without_primary_items_are_dropped() {
    let dlx = strict("A | X Y\nX\nA X\nX Y\nA\n");
    assert_eq!(dlx.dropped(), [2, 4]);
    assert_eq!(dlx.options().len(), 2);
    assert_eq!(count(&dlx), 2);
}

#[test]
fn permissive_extensions() {
    let long = "A_rather_long_name | Secondary_item\nA_rather_long_name Secondary_item:red";
    let dlx = parse(long);
    assert_eq!(dlx.options()[0].entries[1].color.as_deref(), Some("red"));
    assert_eq!(
        error(long, Syntax::Strict),
        (
            1,
            DlxError::NameTooLong {
                name: "A_rather_long_name".into()
            }
        )
    );
    assert_eq!(
        error("A | X\nA X:red\n", Syntax::Strict).1,
        DlxError::BadColor {
            entry: "X:red".into()
        }
    );
    assert_eq!(error("A\nA", Syntax::Strict), (2, DlxError::MissingNewline));
    assert_eq!(error("A", Syntax::Strict), (1, DlxError::MissingNewline));
    assert_eq!(count(&parse("A\nA")), 1);
    // A UTF-8 byte order mark is skipped (permissive only).
    assert_eq!(parse("\u{feff}A\nA\n").items()[0].name, "A");
    // Strict counts bytes: "é" is 2 of the 8.
    assert!(DlxProblem::parse("éééé\néééé\n", Syntax::Strict).is_ok());
    assert!(DlxProblem::parse("ééééé\néééé\n", Syntax::Strict).is_err());
}

#[test]
fn malformed_files_give_line_and_reason() {
    use DlxError::*;
    let s = |x: &str| x.to_string();
    let cases: Vec<(&str, usize, DlxError)> = vec![
        ("", 1, NoItems),
        ("| only a comment\n\n", 2, NoItems),
        (
            "A B| X\nA\n",
            1,
            IllegalCharacter {
                token: s("B|"),
                character: '|',
            },
        ),
        ("A B:C\nA\n", 1, IllegalBound { token: s("B:C") }),
        (
            "A | X:Y\nA\n",
            1,
            IllegalCharacter {
                token: s("X:Y"),
                character: ':',
            },
        ),
        ("A | X | Y\nA\n", 1, BarTwice),
        ("A | X || Y\nA\n", 1, BarTwice),
        ("A B A\nA\n", 1, DuplicateName { name: s("A") }),
        ("A | A\nA\n", 1, DuplicateName { name: s("A") }),
        ("A:2\nA\n", 1, IllegalBound { token: s("A:2") }),
        ("x|A\nA\n", 1, IllegalBound { token: s("x|A") }),
        ("-1|A\nA\n", 1, IllegalBound { token: s("-1|A") }),
        ("2:A\nA\n", 1, LowerBoundWithoutUpper { token: s("2:A") }),
        ("0|A\nA\n", 1, UpperBoundZero { token: s("0|A") }),
        ("0:0|A\nA\n", 1, UpperBoundZero { token: s("0:0|A") }),
        ("3:2|A\nA\n", 1, LowerExceedsUpper { token: s("3:2|A") }),
        ("A | 2|X\nA\n", 1, BoundOnSecondary { token: s("2|X") }),
        ("2| A\nA\n", 1, EmptyName),
        (
            "2|A|B\nA\n",
            1,
            IllegalCharacter {
                token: s("2|A|B"),
                character: '|',
            },
        ),
        ("A B\n| c\nA\nA C\n", 4, UnknownItem { name: s("C") }),
        ("A B\nA B A\n", 2, DuplicateInOption { name: s("A") }),
        ("A | X\nA:1\n", 2, ColorOnPrimary { entry: s("A:1") }),
        ("A | X\nA X:\n", 2, BadColor { entry: s("X:") }),
        ("A | X\nA :c\n", 2, EmptyName),
        ("A B\nA B |7x\n", 2, Cost { entry: s("|7x") }),
        ("A B\nA B |\n", 2, Cost { entry: s("|") }),
        // dlx1 has no colors: `X:1` on a primary item is rejected either way.
        ("A\nA:1\n", 2, ColorOnPrimary { entry: s("A:1") }),
    ];
    for (text, line, reason) in cases {
        assert_eq!(
            error(text, Syntax::Permissive),
            (line, reason.clone()),
            "{text:?}"
        );
        assert_eq!(
            error(text, Syntax::Strict),
            (line, reason.clone()),
            "{text:?} (strict)"
        );
        let message = Error::Dlx { line, reason }.to_string();
        assert!(message.starts_with(&format!("line {line}: ")), "{message}");
    }
}

#[test]
fn strict_size_limits() {
    let items: Vec<String> = (0..10_001).map(|i| format!("{i}")).collect();
    let text = format!("2|{}\n0\n", items.join(" "));
    assert_eq!(
        error(&text, Syntax::Strict),
        (1, DlxError::TooManyItems { limit: 10_000 })
    );
    assert!(DlxProblem::parse(&text, Syntax::Permissive).is_ok());
    // Without bounds, dlx2's 100 000 items apply.
    let text = format!("{}\n0\n", items.join(" "));
    assert!(DlxProblem::parse(&text, Syntax::Strict).is_ok());
}

#[test]
fn written_by_the_builder_and_read_back() {
    let mut dlx = DlxProblem::new();
    let a = dlx.add_item("a", Item::PRIMARY).unwrap();
    let b = dlx
        .add_item(
            "b",
            Item {
                primary: true,
                lo: 0,
                hi: 2,
            },
        )
        .unwrap();
    let x = dlx.add_item("x", Item::SECONDARY).unwrap();
    assert!(
        dlx.add_item("c", Item::PRIMARY).is_err(),
        "primary after secondary"
    );
    assert!(dlx.add_item("y z", Item::SECONDARY).is_err());
    assert!(dlx.add_item("y:", Item::SECONDARY).is_err());
    assert!(dlx.add_item("x", Item::SECONDARY).is_err());
    assert!(dlx
        .add_item(
            "w",
            Item {
                primary: false,
                lo: 0,
                hi: 2
            }
        )
        .is_err());
    let e = |item, color: Option<&str>| DlxEntry {
        item,
        color: color.map(str::to_string),
    };
    assert!(dlx
        .add_option(0, vec![e(a, None), e(x, Some("red"))])
        .unwrap());
    assert!(dlx.add_option(0, vec![e(b, None)]).unwrap());
    assert!(!dlx.add_option(0, vec![e(x, None)]).unwrap());
    assert!(dlx.add_option(0, vec![e(a, Some("1"))]).is_err());
    assert!(dlx.add_option(0, vec![e(a, None), e(a, None)]).is_err());
    assert!(dlx.add_option(0, vec![e(x, Some(""))]).is_err());
    assert_eq!(dlx.to_string(), "a 0:2|b | x\na x:red\nb\n");
    let back = parse(&dlx.to_string());
    assert!(back.same_as(&dlx));
}

#[test]
fn from_core_problem() {
    // 4-queens built with the core API, written, read back: same count.
    let n = 4;
    let mut p = Problem::new();
    let rows: Vec<usize> = (0..n).map(|_| p.add_primary()).collect();
    let diag: Vec<usize> = (0..2 * n - 1).map(|_| p.add_secondary()).collect();
    let cols: Vec<usize> = (0..n).map(|_| p.add_primary()).collect();
    let anti: Vec<usize> = (0..2 * n - 1).map(|_| p.add_secondary()).collect();
    for i in 0..n {
        for j in 0..n {
            p.add_option([rows[i], cols[j], diag[i + n - 1 - j], anti[i + j]])
                .unwrap();
        }
    }
    let dlx = DlxProblem::from_problem(&p, |i| format!("i{i}")).unwrap();
    assert_eq!(dlx.num_primary(), 2 * n);
    let back = strict(&dlx.to_string());
    assert_eq!(count(&back), Solver::new(&p).count());
    assert_eq!(count(&back), 2);
    // Option k stays option k.
    assert_eq!(back.option_text(0), "i0 i11 i7 i15");
    // A secondary item with multiplicity cannot be written.
    let mut p = Problem::new();
    p.add_primary();
    p.add_item(Item {
        primary: false,
        lo: 0,
        hi: 2,
    })
    .unwrap();
    assert!(matches!(
        DlxProblem::from_problem(&p, |i| format!("i{i}")),
        Err(Error::InvalidBounds { item: 1, .. })
    ));
}

/// A problem with no primary item (its one solution chooses no option) is
/// written with an added item that may stay uncovered, under a name not
/// taken, and reads back with the same one solution.
#[test]
fn a_problem_with_no_primary_item_is_written_readably() {
    let mut p = Problem::new();
    p.add_secondary();
    p.add_secondary();
    p.add_option([0, 1]).unwrap();
    let names = ["none", "none1"];
    let dlx = DlxProblem::from_problem(&p, |i| names[i].to_string()).unwrap();
    assert!(dlx.options().is_empty());
    let text = dlx.to_string();
    assert!(text.starts_with("| no item must be covered"), "{text}");
    assert!(text.ends_with("\n0:1|none2 | none none1\n"), "{text}");
    let back = strict(&text);
    assert_eq!(back.num_primary(), 1);
    assert_eq!(count(&back), 1);
    assert_eq!(Solver::new(&p).count(), 1);
    // With no item at all.
    let back = strict(&DlxProblem::new().to_string());
    assert_eq!((back.items().len(), count(&back)), (1, 1));
}

/// A tiny deterministic generator, so the round-trip test needs no crate.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn random_round_trips() {
    let mut rng = Lcg(7);
    for _ in 0..200 {
        let mut dlx = DlxProblem::new();
        let n_primary = 1 + rng.below(5) as usize;
        let n_secondary = rng.below(4) as usize;
        for i in 0..n_primary {
            let hi = 1 + rng.below(3) as u32;
            let lo = rng.below(hi as u64 + 1) as u32;
            dlx.add_item(
                &format!("p{i}"),
                Item {
                    primary: true,
                    lo,
                    hi,
                },
            )
            .unwrap();
        }
        for i in 0..n_secondary {
            dlx.add_item(&format!("s{i}"), Item::SECONDARY).unwrap();
        }
        let n = n_primary + n_secondary;
        for _ in 0..rng.below(8) {
            let entries: Vec<DlxEntry> = (0..n)
                .filter(|_| rng.below(2) == 0)
                .map(|item| DlxEntry { item, color: None })
                .collect();
            if !entries.is_empty() {
                dlx.add_option(0, entries).unwrap();
            }
        }
        round_trip(&dlx);
        assert_eq!(count(&dlx), count(&strict(&dlx.to_string())));
    }
}

#[test]
fn bytes_must_be_utf8() {
    let dlx = DlxProblem::parse_bytes(DLX1_EXAMPLE.as_bytes(), Syntax::Strict).unwrap();
    assert_eq!(dlx.options().len(), 6);
    let err = DlxProblem::parse_bytes(b"A B\nA\n\xff B\n", Syntax::Permissive).unwrap_err();
    assert_eq!(
        err,
        Error::Dlx {
            line: 3,
            reason: DlxError::NotUtf8
        }
    );
    assert_eq!(err.to_string(), "line 3: not valid UTF-8");
}

#[test]
fn known_problems_written_and_read_back_keep_their_counts() {
    let problems = [
        (common::queens(6), 4u64),
        (common::queens(8), 92),
        (common::langford(7), 52),
    ];
    for (problem, expected) in problems {
        let dlx = DlxProblem::from_problem(&problem, |i| format!("x{i}")).unwrap();
        let back = strict(&dlx.to_string());
        assert!(back.same_as(&dlx));
        assert_eq!(count(&back), expected);
        assert_eq!(Solver::new(&problem).count(), expected);
    }
}

/// A name that begins with U+FEFF, the byte order mark that a reader drops
/// from the start of a text, survives writing and reading, in both syntaxes.
#[test]
fn a_name_beginning_with_a_byte_order_mark_round_trips() {
    let mut dlx = DlxProblem::new();
    let a = dlx.add_item("\u{feff}A", Item::PRIMARY).unwrap();
    let b = dlx.add_item("B", Item::PRIMARY).unwrap();
    for item in [a, b] {
        dlx.add_option(0, vec![DlxEntry { item, color: None }])
            .unwrap();
    }
    let text = dlx.to_string();
    for read in [parse(&text), strict(&text)] {
        assert_eq!(read.items()[0].name, "\u{feff}A");
        assert_eq!(read.to_string(), text);
        assert_eq!(count(&read), 1);
    }
}

/// Messages quote names as Python does, never with Rust's `\u{...}` escapes.
#[test]
fn messages_quote_names_without_rust_escapes() {
    let message = DlxProblem::parse("A\u{feff} B\nA\u{feff}\nC\u{7}\tD\n", Syntax::Permissive)
        .unwrap_err()
        .to_string();
    assert_eq!(message, "line 3: unknown item name \"C\\x07\"");
    let message = DlxProblem::parse("A\nA\u{200b}\"\n", Syntax::Permissive)
        .unwrap_err()
        .to_string();
    assert_eq!(message, "line 2: unknown item name \"A\\u200b\\\"\"");
    let message = DlxProblem::parse("A\nA\u{e0001}é\n", Syntax::Permissive)
        .unwrap_err()
        .to_string();
    assert_eq!(message, "line 2: unknown item name \"A\\U000e0001é\"");
}

#[test]
fn costs_are_read_summed_and_written_back() {
    let text = "A B | X\nA |3 X |4\nB\nA B |10\nX |5\n";
    let dlx = DlxProblem::parse(text, Syntax::Strict).unwrap();
    // The option on X alone is dropped, its cost with it.
    assert_eq!(dlx.costs(), [7, 0, 10]);
    assert!(dlx.uses_costs());
    let written = dlx.to_string();
    assert_eq!(written, "A B | X\nA X |7\nB\nA B |10\n");
    let back = DlxProblem::parse(&written, Syntax::Permissive).unwrap();
    assert!(back.same_as(&dlx));
    let mut other = back.clone();
    other.set_cost(1, 2);
    assert!(!other.same_as(&dlx));
    let overflow = format!("A\nA |{} |1\n", u64::MAX);
    assert!(DlxProblem::parse(&overflow, Syntax::Permissive).is_err());
}

/// The builder's refusals say what is wrong: a primary item after a
/// secondary one used to be an `InvalidBounds` error that read "secondary
/// item 1 cannot have a lower bound (1..1); make it primary instead", and
/// bounds the format cannot write (a secondary `0..=2`, a primary `0..=0`)
/// were reported as lower bounds too.
#[test]
fn builder_errors_name_the_real_fault() {
    let mut dlx = DlxProblem::new();
    dlx.add_item("x", Item::SECONDARY).unwrap();
    let e = dlx.add_item("a", Item::PRIMARY).unwrap_err();
    assert_eq!(
        e,
        Error::Dlx {
            line: 0,
            reason: DlxError::PrimaryAfterSecondary {
                name: "a".to_string()
            }
        }
    );
    assert!(
        e.to_string().contains("comes after a secondary item"),
        "{e}"
    );
    assert_eq!(dlx.items().len(), 1);
    for (primary, hi) in [(false, 2), (true, 0)] {
        let mut p = Problem::new();
        p.add_primary();
        p.add_item(Item { primary, lo: 0, hi }).unwrap();
        let e = DlxProblem::from_problem(&p, |i| format!("i{i}")).unwrap_err();
        assert!(matches!(e, Error::InvalidBounds { item: 1, lo: 0, .. }));
        let message = e.to_string();
        assert!(!message.contains("lower bound"), "{message}");
        assert!(message.contains("cannot write"), "{message}");
    }
    // Problem's own refusal keeps its message.
    let e = Problem::new()
        .add_item(Item {
            primary: false,
            lo: 1,
            hi: 2,
        })
        .unwrap_err();
    assert!(e.to_string().contains("cannot have a lower bound"), "{e}");
}
