# What grognard writes itself in English: the headings and labels of books, booklets,
# counters, labels and reports. Syntax: Project Fluent (https://projectfluent.org).

day_number = day { $n }
night = night
web_cited_by = Cited in
web_search = Search
web_no_results = Nothing matches.
web_print = Print view
web_scenarios = Scenarios
web_skip = Skip to the text
web_previous = Previous
web_next = Next
contents = Contents
chapter = Chapter
table = Table
table_lower = table
continued = (continued)
list_of_tables = List of tables
page_abbr = p.
needs = What you need to play
needs_intro = The source refers to these tables but does not print them, and this edition does not invent their values. The rules that use them cannot be played without them: take them from the work the source refers to and write them into the blank forms on this page.
source = Source
glossary = Glossary
index = Index
see = see
example = Example
missing = Table not in the source: the original text refers to it but does not print it. Its values are not invented.
base = Base
roll = Roll
sum = Sum
result = Result
rounding_up = rounded up
rounding_down = rounded down
rounding_nearest = rounded to nearest
minimum = Minimum
exclusive = not cumulative: only the most penalising applies
success = Success
failure_by = Failed by
or_more = or more
or_less = or less
claimed = as the text says
chance = Chance of success
worst = worst case
best = best case
edition = Edition
appendix = Appendix: the tables
tables_outside = Tables outside chapters
appendix_intro = The tables of the rules gathered by number, to consult at the table. Those the source does not print are under "What you need to play".
editor_note = Editor's note
editor_notes = Editor's notes
colophon = This edition
colophon_sources = Compiled with grognard from these sources, whose figures it gives unchanged except where an editor's note says so:
colophon_date = Date of this edition
colophon_changes = A bar in the margin marks each case changed since the earlier edition ({ $earlier }); a grey ground, each table cell changed.
introduction = Historical introduction
outcome = Outcome
order_of_battle = Order of battle
setup = Set-up
reinforcements = Reinforcements
victory = Victory conditions
special_rules = Special rules
errata = Errata
strengths = Strengths
arrivals = Strength on the field
turn = Turn
clock = Time
men = men
guns = guns
units = units
missing_data = Not in the source
orders = Initial orders
command = Command
duration = Duration
not_engaged = not engaged
present = present, not committed
left_out = units not engaged, left out of the totals
howitzer = howitzer
detached_from = detached from
departs = leaves
oob_arrives = { $time } (turn { $turn })
oob_arrives_turn = turn { $turn }
oob_arrives_historically = turn { $turn } (historically { $time })
oob_set_up_historically = in the set-up (historically { $time })
booklet_notes = Notes
booklet_compiler_notes = The compiler's notes on the sources
booklet_note_estimate = Estimate: { $method }
booklet_note_figures = Other figures: { $figures }
other_figures = other figures
nominal = nominally
attached_to = attached to
estimate = estimate
sources = Sources
scenario = Scenario
within = within
hexes_of = hexes of
entry = Entry
order_change = Order change: divide by
attempts = attempts per turn
radius = Command radius
reorganisation = Reorganisation base
demoralisation = Demoralisation threshold
quick_reference = Quick reference
qrs_other = Other tables
reference_cards = Reference cards
unit = Unit
grade = Grade
figures = figures
points = points
men_or_guns = men / guns
represented = represents
order_markers = Order markers
bases = bases
casualties = casualties
general = General
parts_battalions = bns
parts_squadrons = sqns
parts_companies = coys
parts_batteries = btys

# Numbers and dates follow the conventions of this variety (CLDR).
formats = en-GB

# A number followed by what it counts, in the plural form it takes.
count_men = { $count ->
    [one] { $number } man
   *[other] { $number } men
}

count_guns = { $count ->
    [one] { $number } gun
   *[other] { $number } guns
}

count_units = { $count ->
    [one] { $number } unit
   *[other] { $number } units
}

count_figures = { $count ->
    [one] { $number } figure
   *[other] { $number } figures
}

count_points = { $count ->
    [one] { $number } point
   *[other] { $number } points
}

count_turns = { $count ->
    [one] { $number } turn
   *[other] { $number } turns
}

count_minutes = { $count ->
    [one] { $number } minute
   *[other] { $number } minutes
}

# The languages, and the note on a text that does not exist in the book's language.
language_es = Spanish
language_ru = Russian
language_en = English
only_in = This text exists only in { $language }.

# What a conversion cannot carry to the target ruleset (the converted layer's `missing`
# list, which the booklet prints).
conversion_no_turn_length = { $ruleset } gives no turn length: the layer has no turns.
conversion_no_clock = The sources give no clock times: the converted layer has no turns and every unit is present from the start.
conversion_no_quality = { $title }: { $total ->
    [one] the unit has
   *[other] { $without } of { $total } units have
} no quality in the sources, so they are given no value.
conversion_no_leader_ratings = Leaders: the sources give no ratings, so none are converted.
conversion_positions = Positions: { $count ->
    [one] the hex reference
   *[other] the { $count } hex references
} of the { $ruleset } layer (set-up, areas, victory hexes) are not converted: { $missing ->
    [map] its map has no scale.
   *[ground] the target ruleset has no ground scale.
}
conversion_special_rules = The special rules of the { $ruleset } layer ({ $rules }) are rules of that game and are not carried over.
conversion_orders = The initial orders of the { $ruleset } layer use that game's order vocabulary and are not converted.

# A layer's levels of victory.
victory_automatic = automatic victory
victory_decisive = decisive victory
victory_major = major victory
victory_marginal = marginal victory
victory_minor = minor victory
victory_draw = draw
# Abbreviations after a number.
hex_abbr = hex.
cm_abbr = cm

# The conversion report (…-report.md), and what a conversion says of units.
report_intro = Converted from { $from ->
    [none] the neutral facts
   *[other] the { $from } layer
} to { $target }. { $one } = { $men } (infantry, cavalry) or { $guns }; the unit of play is the { $level ->
    [regiment] regiment
    [company] company
   *[battalion] battalion
}{ $aggregate ->
    [regiment] , so the battalions of one regiment (one brigade, one name before the brackets) are played as one unit.
   *[other] .
}
report_not_converted = Not converted
report_judgements = Judgement calls
report_warnings = Warnings
report_note = Note
report_warning = Warning
report_totals = Totals per side
report_side = side
report_men = men
report_guns = guns
report_units = units
report_men_represented = men represented
report_guns_represented = guns represented
report_units_after = units after
report_left_out = The totals count the units that take part. { $count ->
    [0] No unit was left out as not engaged.
    [one] 1 unit not engaged was left out.
   *[other] { $count } units not engaged were left out.
}
report_ranges = Where a source gives a range of men, the middle of the range is used: { $units }.
report_split = { $count ->
    [one] 1 unit made of several battalions or batteries became one unit of play each: { $units }.
   *[other] { $count } units made of several battalions or batteries became one unit of play each: { $units }.
}
report_roundings = Roundings
report_roundings_intro = Half or more rounds up. The error is what the { $represents } represent minus the historical figure.
report_unit = unit
report_stands_for = stands for
report_represents = represents
report_error = error
report_time = Time
report_no_turns = No turns: see below.
report_clock = Turn 1 starts at { $start }; { $turns } of { $minutes }. An arrival between two turn starts comes on the turn under way.
report_on_turn_starts = Every arrival falls on the start of a turn.
report_arrives = arrives
report_turn = turn
report_minutes_after = minutes after the turn starts
report_muster = Muster list
report_muster_intro = Figures to field the scenario, by nation and arm (artillery: gunner figures and one gun model per battery).
report_nation = nation
report_arm = arm
report_figures = figures
report_bases = bases
report_bases_battery = { $count } (one per battery)
report_bases_frontage = by frontage
conversion_no_strength = No strength in the sources, so no { $represents } (left for the designer): { $units }.
conversion_inverted = { $count } units take their strength from the { $ruleset } layer's values, read back through its profile, not from the neutral figures.
conversion_after_last_turn = { $unit } arrives at { $time }, after the last turn ({ $turns }) begins: it comes on the last turn.
conversion_ungraded_quality = The quality "{ $quality }" has no grade in { $ruleset }: its units get none.
conversion_zero = { $unit } ({ $strength }) becomes { $value } in { $ruleset }: it stays in the order of battle with no strength.
conversion_too_large = { $unit } ({ $strength }) becomes one unit of { $value } in { $ruleset }, more than the { $most } the rules allow { $arm ->
    [cavalry] a cavalry unit
    [artillery] an artillery unit
   *[infantry] an infantry unit
}: play it as it is, or give it as several units in the scenario.
conversion_no_organisation = { $unit } ({ $strength }) does not say what it is made of: it becomes one unit of { $value } in { $ruleset }; state it (e.g. { $parts } = { $guess }) to convert it as that many units.
calibration_title = Duplex printing calibration
calibration_how = Print this sheet on both sides as you print your counters, and hold it to the light. On each scale, the mark of the back that falls right on the line of the front gives the back's offset in millimetres. Write both numbers in the project's file, thus:
calibration_setting = [print] back_offset_mm = [across, down]
calibration_across = Across (mm)
calibration_down = Down (mm)
symbol_infantry = Infantry
symbol_light_infantry = Light infantry
symbol_cavalry = Cavalry
symbol_light_cavalry = Light cavalry
symbol_heavy_cavalry = Heavy cavalry
symbol_foot_artillery = Foot artillery
symbol_horse_artillery = Horse artillery
symbol_leader = Leader
counter_key = Key to the counters
side = Side
arriving = Arrivals, at their entry hex
map_key = Key to the map
map_elevation = Elevation { $level }
north_letter = N
metres_abbr = m
setup_map = Set-up on the map
map_sheet = Sheet { $n } of { $total }, row { $row }, column { $column }. Lay it over its neighbours so that the numbered marks coincide.
map_assembly = Trim each sheet along the edge of its printed map where it overlaps a neighbour, then lay the sheets as in this plan: the numbered marks of neighbouring sheets fall on one another.
map_no_terrain = The source gives no map: only the grid of its extent is drawn, with the hexes the scenario names. The terrain is not in the source.
map_grid_assumed = The source does not say which way the hexes point: the grid is drawn with flat tops, the even columns half a hex lower.
map_no_scale = The source gives no ground scale for the map.
map_not_to_scale = Not to scale: the source gives no hex size.
map_setup_key = Set-up: squares in the side's colour at the hex (the number of counters), the hexes within reach outlined; arrivals framed with their turn; objectives circled.
map_title = Map
crt_odds = odds, attacker to defender
crt_differential = difference of strengths, attacker less defender
crt_beyond = Beyond the table
crt_end_column = odds past either end are read in the end column
crt_shift = { $sign }{ $n } { $n ->
    [one] column
   *[other] columns
}
crt_beyond_results = below the first column { $below }; above the last { $above }
success_by = Made by
dice_plus_modifiers = { $dice } + modifiers
example_to_roll = Modifiers to the roll
example_roll_needed = Roll needed
then_roll_on = Then roll on: { $table }.

## VASSAL modules
vassal_map = Map
vassal_counters = Counters
vassal_leaders = Leaders
vassal_markers = Markers
vassal_reinforcements = Reinforcements
vassal_turn = Turn { $turn }
vassal_flip = Flip
vassal_charts = Charts
vassal_inventory = Inventory

## Errata between two editions (grognard diff)
errata_title = Errata · { $ruleset }
errata_editions = Edition { $old } → edition { $new }
errata_kind_correction = Correction
errata_kind_addition = Addition
errata_kind_clarification = Clarification
errata_kind_deletion = Deletion
errata_kind_change = Change
errata_intro = Chapter { $number }, opening text
errata_section = Heading { $number }
errata_table = Table { $number } · { $title }
errata_layer = Scenario { $scenario }
errata_added = New text: { $text }
errata_removed = Deleted: { $text }
errata_reworded = Now reads: { $text }
errata_moved = Moved from { $from } to { $to }.
errata_renumbered = Formerly { $from }; moved among the cases of its section.
errata_cell = Row “{ $row }”, column “{ $column }”: { $old } → { $new }.
errata_cell_row = Row “{ $row }”: { $old } → { $new }.
errata_row_added = New row “{ $row }”.
errata_row_removed = Row “{ $row }” deleted.
errata_value = { $field }: { $old } → { $new }.
errata_none = none
errata_field_title = Title
errata_field_header = Heading lines
errata_field_note = Note
errata_field_label = Name
errata_field_name = Name
errata_field_men = Men
errata_field_men-range = Men (range)
errata_field_guns = Guns
errata_field_quality = Quality
errata_field_parent = Formation
errata_field_arrives = Arrives
errata_field_entry = Enters at
errata_profile = Scale and unit of play (for conversions)
errata_field_represents = Strength counted in
errata_field_men-per = Men per figure or point
errata_field_guns-per = Guns per figure or point
errata_field_level = Unit of play
errata_field_aggregate = Battalions of one regiment
errata_field_turn-minutes = Minutes per turn
errata_field_metres-per-cm = Metres per centimetre
errata_field_metres-per-hex = Metres per hex
errata_field_figures-per-base = Figures per base
errata_field_frontage-mm = Frontage per figure (mm)
errata_field_largest-unit = Largest unit (figures or points)
errata_level = { $level ->
    [regiment] regiment
    [company] company
   *[battalion] battalion
}
errata_aggregate = { $aggregate ->
    [regiment] played as one unit
   *[other] played apart
}
errata_setup = Set-up of { $who }: { $old } → { $new }.
errata_arrival = Arrival of { $who }: { $old } → { $new }.
errata_spot_turn = turn { $turn }, { $hex }
errata_spot_within = within { $within } { $within ->
    [one] hex
   *[other] hexes
} of { $hex }
errata_reason = Why: { $reason }
errata_concordance = Cases renumbered
errata_concordance_note = These cases keep their words; cases added or deleted before them changed their numbers.
errata_old_number = Was
errata_new_number = Now
errata_no_changes = No changes.
errata_counter = Counter: { $old } → { $new }.
errata_counter_back = Counter's back: { $old } → { $new }.
errata_formerly = { $place } ({ $edition })
errata_versions = Changes from { $old } to { $new }
errata_working_copy = the working copy
errata_edition = edition { $edition }
errata_reprint = To reprint
html_changed_in = changed in edition { $edition }
html_changed = changed
