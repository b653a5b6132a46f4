//! Quick-reference cards: the quick-reference sheet's tables one to a card
//! (a long one goes on over the next, marked "(cont.)"), poker or tarot size.
//! Typst lays each card out as a page of the card's size; the cards are then
//! imposed here, nine poker or four tarot to a page, each back in its phase's
//! colour with the ruleset's name, turned as the user's duplex mode turns
//! the sheet, with crop marks off every edge.

use serde::Serialize;
use typst::foundations::{Content, Label, Smart};
use typst::introspection::{Introspector, MetadataElem};
use typst::layout::{Abs, Angle, Frame, FrameItem, Point, Sides, Size, Transform};
use typst::model::Document;
use typst::visualize::{DashPattern, FixedStroke, Geometry};
use typst_layout::{Page, PagedDocument};

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::counter_spec::Settings;
use crate::model::{Project, Ruleset};

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};
use crate::render::typeset::imposition::{Mark, Sheet, impose};
use crate::render::typeset::pdf::RenderResult;
use crate::render::views::table_data::TableData;
use crate::render::views::tables::{DisplayTable, Row};

/// Paper left round the cards: 3 × 88.9 mm of poker cards leave 6.35 mm
/// above and below on US Letter.
const MARGIN_MM: f64 = 5.0;

/// Cards a table may run over before it is reported: a player turns one
/// card over, not a hand of them.
const CARDS_PER_TABLE: usize = 2;

#[derive(Serialize)]
struct Deck {
    title: String,
    ruleset: String,
    /// "Edición 1.1", at the foot of each card and on its back.
    edition: String,
    quick_reference: String,
    language: String,
    /// The card at the cut, and the colour past it, in millimetres.
    width: f64,
    height: f64,
    bleed: f64,
    safe: f64,
    phases: Vec<CardPhase>,
}

/// A phase and its cards.
#[derive(Serialize)]
struct CardPhase {
    title: String,
    colour: &'static str,
    tables: Vec<Card>,
}

/// A table on its card(s), upright or on its side.
#[derive(Serialize)]
struct Card {
    turned: bool,
    #[serde(flatten)]
    table: TableData,
}

pub fn render(
    project: &Project,
    ruleset: &Ruleset,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let locale = ruleset.locale();
    let settings = &project.counters;
    let (width, height) = project.cards.mm();
    let deck = Deck {
        title: format!("{} — {}", ruleset.name, locale.reference_cards),
        ruleset: ruleset.name.clone(),
        edition: locale.edition_named(&ruleset.edition),
        quick_reference: locale.reference_cards.clone(),
        language: ruleset.language.clone(),
        width,
        height,
        bleed: settings.bleed_mm,
        safe: settings.safe_mm,
        phases: crate::render::views::phases::phases(ruleset)
            .into_iter()
            .map(|phase| CardPhase {
                title: phase.title,
                colour: phase.colour,
                tables: phase
                    .tables
                    .into_iter()
                    .map(|table| Card {
                        turned: on_its_side(table.display(), (width, height)),
                        table,
                    })
                    .collect(),
            })
            .collect(),
    };
    let world =
        crate::render::typeset::templates::data_world(press, "cards.typ", "cards.json", &deck)?;
    let map = |error: &typst::diag::SourceDiagnostic| {
        let what = "the quick-reference cards";
        crate::render::typeset::templates::typst_diagnostic(
            error,
            &world,
            press.templates,
            "cards.typ",
            what,
        )
    };
    let (cards, mut warnings) = crate::render::typeset::pdf::compile(&world, &map)?;
    let backs = deck.phases.len();
    // Every front has a back: the deck holds at least one of each.
    let fronts = cards.pages().len().saturating_sub(backs.max(1));
    let starts = card_starts(&cards);
    for (id, count) in cards_per_table(&starts, fronts) {
        let table = ruleset.table(id);
        // The author may accept a long table on the cards, with a reason.
        let allowed = table.is_some_and(|t| t.allow.iter().any(|a| a.lint == "card-overflow"));
        if count > CARDS_PER_TABLE && !allowed {
            let title = table.map_or(id, |t| t.title.as_str());
            warnings.push(
                Diagnostic::of(
                    codes::CARD_OVERFLOW,
                    format!("table \"{title}\" runs over {count} {} cards", project.cards.name()),
                )
                .at_location(table.map(|t| t.location.clone()))
                .expected(format!("a table on one card, or at most {CARDS_PER_TABLE}"))
                .note("shorten its text, or print tarot cards (`[cards] size = \"tarot\"` in grognard.toml)"),
            );
        }
    }
    let sheet = Sheet::of(settings, (width, height), MARGIN_MM);
    let imposed = impose_cards(&cards, (&starts, fronts, backs), &sheet, settings);
    crate::render::typeset::pdf::export(
        &imposed,
        &format!("grognard-{}-cards", ruleset.id),
        press.created,
        warnings,
        &map,
        false,
    )
}

/// The cards on printed pages: the deck's first `fronts` pages are fronts,
/// each of the phase of the table it begins or goes on with (`starts`), and
/// the last `backs` the backs, one per phase.
fn impose_cards(
    deck: &PagedDocument,
    (starts, fronts, backs): (&[(usize, usize, String)], usize, usize),
    sheet: &Sheet,
    settings: &Settings,
) -> PagedDocument {
    let pages = deck.pages();
    if fronts == 0 {
        // A template that set no card: its pages print as they are.
        return deck.clone();
    }
    let phase_of = front_phases(starts, fronts);
    let pairs: Vec<(usize, usize)> = (0..fronts)
        .map(|i| (i, fronts + phase_of[i].min(backs.max(1) - 1)))
        .collect();
    let (width, height) = sheet.page_mm;
    let size = Size::new(Abs::mm(width), Abs::mm(height));
    let bleed = settings.bleed_mm;
    let printed = impose(sheet, &pairs)
        .into_iter()
        .enumerate()
        .map(|(n, page)| {
            let mut frame = Frame::hard(size);
            for placed in page.items {
                let mut card = pages[placed.item].frame.clone();
                // A page's fill is not in its frame (the backs have one).
                if let Some(fill) = pages[placed.item].fill_or_transparent() {
                    card.fill(fill);
                }
                if placed.item >= fronts {
                    // A back is printed once per card: its tags would say
                    // the same element stands in many places.
                    untag(&mut card);
                }
                let (w, h) = (card.width(), card.height());
                // A card laid out on its side stands upright in its slot,
                // its top to the right.
                let (upright, w, h) = if w > h {
                    (
                        Transform::translate(h, Abs::zero())
                            .pre_concat(Transform::rotate(Angle::deg(90.0))),
                        h,
                        w,
                    )
                } else {
                    (Transform::identity(), w, h)
                };
                let turn = if placed.turned {
                    Transform::rotate_at(Angle::deg(180.0), w / 2.0, h / 2.0)
                } else {
                    Transform::identity()
                };
                let transform = turn.pre_concat(upright);
                if !transform.is_identity() {
                    card.transform(transform);
                }
                let at = Point::new(Abs::mm(placed.x - bleed), Abs::mm(placed.y - bleed));
                frame.push_frame(at, card);
            }
            for mark in page.marks {
                frame.push(start(mark), line(mark, None));
            }
            if let Some(fold) = page.fold_mm {
                // Dashed in the side margins, where the sheet is folded.
                let dash = Some(DashPattern {
                    array: vec![Abs::pt(2.0), Abs::pt(2.0)],
                    phase: Abs::zero(),
                });
                for (x1, x2) in [(2.0, 8.0), (width - 8.0, width - 2.0)] {
                    let mark = [x1, fold, x2, fold];
                    frame.push(start(mark), line(mark, dash.clone()));
                }
            }
            Page {
                frame,
                bleed: Sides::splat(Abs::zero()),
                fill: Smart::Auto,
                numbering: None,
                supplement: Content::empty(),
                number: n as u64 + 1,
            }
        })
        .collect();
    PagedDocument::new(printed, deck.info().clone())
}

/// The text of a card: 8 pt, with the room the template keeps round it
/// (the colour band, the number at the foot), in millimetres.
const TEXT_PT: f64 = 8.0;
const SIDES_MM: f64 = 6.0;
const BAND_AND_FOOT_MM: f64 = 19.0;

/// Whether a table takes fewer cards set on its side than upright: its
/// lines estimated from its columns' widths, as the template shares the
/// width out between each column's longest word and its longest cell.
fn on_its_side(table: &DisplayTable, (width, height): (f64, f64)) -> bool {
    let cards = |(w, h): (f64, f64)| {
        let em_mm = TEXT_PT * 25.4 / 72.0;
        let room = (w - SIDES_MM) / em_mm;
        let columns = &table.layout;
        let (least, most): (f64, f64) = (
            columns.iter().map(|c| c.min).sum(),
            columns.iter().map(|c| c.max).sum(),
        );
        let widths: Vec<f64> = columns
            .iter()
            .map(|c| {
                if most <= room {
                    c.max
                } else if least < room {
                    c.min + (room - least) * (c.max - c.min) / (most - least)
                } else {
                    c.min * room / least
                }
            })
            .collect();
        let lines: f64 = table
            .rows
            .iter()
            .map(|row| match row {
                Row::Group { .. } => 1.0,
                Row::Cells { cells } => cells
                    .iter()
                    .zip(&widths)
                    .map(|(text, w)| {
                        let ems = crate::render::views::table_layout::width(
                            crate::render::typeset::measure::Face::Sans,
                            text,
                            false,
                        );
                        (ems / w.max(0.5)).ceil().max(1.0)
                    })
                    .fold(1.0, f64::max),
            })
            .sum();
        // A line of a dense table is about 1.6 em, rule and padding included.
        let lines_per_card = ((h - BAND_AND_FOOT_MM) / (1.6 * em_mm)).max(1.0);
        (lines / lines_per_card).ceil()
    };
    cards((height, width)) < cards((width, height))
}

fn start([x, y, _, _]: Mark) -> Point {
    Point::new(Abs::mm(x), Abs::mm(y))
}

/// A hairline from a mark's start to its end, as the counters' cut marks.
fn line([x1, y1, x2, y2]: Mark, dash: Option<DashPattern<Abs, Abs>>) -> FrameItem {
    let stroke = FixedStroke {
        thickness: Abs::pt(0.2),
        dash,
        ..FixedStroke::default()
    };
    let to = Point::new(Abs::mm(x2 - x1), Abs::mm(y2 - y1));
    FrameItem::Shape(
        Geometry::Line(to).stroked(stroke),
        typst::syntax::Span::detached(),
    )
}

/// Where each table's cards begin: (page, phase, table id), in page order.
fn card_starts(deck: &PagedDocument) -> Vec<(usize, usize, String)> {
    use typst::foundations::{Selector, Value};
    let Some(label) = Label::new(typst::utils::PicoStr::intern("gg-card")) else {
        return Vec::new();
    };
    let introspector = deck.introspector();
    let mut starts: Vec<_> = introspector
        .query(&Selector::Label(label))
        .iter()
        .filter_map(|content| {
            let page = introspector.page(content.location()?)?.get() - 1;
            let Value::Dict(mark) = &content.to_packed::<MetadataElem>()?.value else {
                return None;
            };
            let phase = mark.get("phase").ok()?.clone().cast::<i64>().ok()?;
            let table = mark.get("table").ok()?.clone().cast::<String>().ok()?;
            Some((page, usize::try_from(phase).ok()?, table))
        })
        .collect();
    starts.sort();
    starts
}

/// The phase of each of the deck's `fronts`: that of the table it begins
/// or goes on with.
fn front_phases(starts: &[(usize, usize, String)], fronts: usize) -> Vec<usize> {
    let mut phase = 0;
    let mut next = starts.iter().peekable();
    (0..fronts)
        .map(|page| {
            while let Some((_, p, _)) = next.next_if(|(at, _, _)| *at <= page) {
                phase = *p;
            }
            phase
        })
        .collect()
}

/// The cards each table takes, by table id.
fn cards_per_table(starts: &[(usize, usize, String)], fronts: usize) -> Vec<(&str, usize)> {
    starts
        .iter()
        .enumerate()
        .map(|(k, (page, _, id))| {
            let end = starts.get(k + 1).map_or(fronts, |(next, _, _)| *next);
            (id.as_str(), end.saturating_sub(*page))
        })
        .collect()
}

/// Drops the introspection tags of a frame and its groups.
fn untag(frame: &mut Frame) {
    frame.retain(|item| match item {
        FrameItem::Tag(_) => false,
        FrameItem::Group(group) => {
            untag(&mut group.frame);
            true
        }
        _ => true,
    });
}

/// Quick-reference cards: out/<ruleset>/<ruleset>-cards.pdf
pub struct Cards;

impl Backend for Cards {
    fn name(&self) -> &'static str {
        "cards"
    }
    fn about(&self) -> &'static str {
        "Quick-reference cards, nine poker or four tarot to a page: out/<ruleset>/<ruleset>-cards.pdf"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // The quick-reference sheet's tables, a card each.
        !change.scale() && change.of_ruleset(artifact) && change.on_player_aid()
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        // A ruleset with no table for player aids has no cards to print.
        match cx.ruleset(target) {
            Some(ruleset) if !crate::render::views::phases::sheet_phases(ruleset).is_empty() => {
                cx.ruleset_file(target, "cards.pdf")
            }
            _ => Vec::new(),
        }
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Ruleset(ruleset) = artifact.subject else {
            unreachable!("planned only for rulesets")
        };
        render(cx.project, ruleset, &cx.press(&ruleset.folder)).map(Made::from)
    }
}
