//! The few words the rulebook prints itself, per language, and number style.

pub struct Locale {
    /// Month names as a day of the month is written with them ("4 de mayo",
    /// "4 мая", "4 May"); `day_pattern` places the day and the month.
    pub months: [&'static str; 12],
    pub day_pattern: &'static str,
    /// A day of the action where the sources give no date: "día 2".
    pub day_number: &'static str,
    pub night: &'static str,
    pub contents: &'static str,
    pub chapter: &'static str,
    pub table: &'static str,
    pub table_lower: &'static str,
    pub example: &'static str,
    pub missing: &'static str,
    pub base: &'static str,
    pub roll: &'static str,
    pub sum: &'static str,
    pub result: &'static str,
    pub rounding_up: &'static str,
    pub rounding_down: &'static str,
    pub rounding_nearest: &'static str,
    pub minimum: &'static str,
    pub exclusive: &'static str,
    pub success: &'static str,
    pub failure_by: &'static str,
    pub or_more: &'static str,
    pub claimed: &'static str,
    pub chance: &'static str,
    pub worst: &'static str,
    pub best: &'static str,
    pub edition: &'static str,
    pub appendix: &'static str,
    pub introduction: &'static str,
    pub outcome: &'static str,
    pub order_of_battle: &'static str,
    pub setup: &'static str,
    pub reinforcements: &'static str,
    pub victory: &'static str,
    pub special_rules: &'static str,
    pub errata: &'static str,
    pub strengths: &'static str,
    pub arrivals: &'static str,
    pub turn: &'static str,
    pub clock: &'static str,
    pub men: &'static str,
    pub guns: &'static str,
    pub units: &'static str,
    pub missing_data: &'static str,
    pub orders: &'static str,
    pub command: &'static str,
    pub duration: &'static str,
    pub not_engaged: &'static str,
    /// On the field but not committed.
    pub present: &'static str,
    /// Before a count of units: "unidades no comprometidas, fuera de los totales: 2".
    pub left_out: &'static str,
    /// What a unit is made of, abbreviated after a number: battalions,
    /// squadrons, companies, batteries.
    pub parts: [&'static str; 4],
    pub howitzer: &'static str,
    pub detached_from: &'static str,
    pub departs: &'static str,
    pub other_figures: &'static str,
    pub nominal: &'static str,
    pub attached_to: &'static str,
    pub estimate: &'static str,
    pub sources: &'static str,
    pub scenario: &'static str,
    pub within: &'static str,
    pub hexes_of: &'static str,
    pub entry: &'static str,
    pub order_change: &'static str,
    pub attempts: &'static str,
    pub radius: &'static str,
    pub reorganisation: &'static str,
    pub demoralisation: &'static str,
    pub quick_reference: &'static str,
    pub unit: &'static str,
    pub grade: &'static str,
    pub figures: &'static str,
    pub points: &'static str,
    pub men_or_guns: &'static str,
    pub represented: &'static str,
    pub order_markers: &'static str,
    pub decimal_comma: bool,
}

const ES: Locale = Locale {
    months: [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    day_pattern: "{day} de {month}",
    day_number: "día {n}",
    night: "noche",
    contents: "Índice",
    chapter: "Capítulo",
    table: "Tabla",
    table_lower: "tabla",
    example: "Ejemplo",
    missing: "Tabla no incluida en la fuente: el texto original remite a ella pero no la reproduce. Sus valores no se inventan.",
    base: "Base",
    roll: "Tirada",
    sum: "Suma",
    result: "Resultado",
    rounding_up: "redondeado hacia arriba",
    rounding_down: "redondeado hacia abajo",
    rounding_nearest: "redondeado al más próximo",
    minimum: "Mínimo",
    exclusive: "no acumulativos: se aplica el más penalizador",
    success: "Éxito",
    failure_by: "Fallo por",
    or_more: "o más",
    claimed: "según el texto",
    chance: "Probabilidad de éxito",
    worst: "peor caso",
    best: "mejor caso",
    edition: "Edición",
    appendix: "Tablas sin capítulo",
    introduction: "Introducción histórica",
    outcome: "Desenlace",
    order_of_battle: "Orden de batalla",
    setup: "Despliegue",
    reinforcements: "Refuerzos",
    victory: "Condiciones de victoria",
    special_rules: "Reglas especiales",
    errata: "Erratas",
    strengths: "Fuerzas",
    arrivals: "Llegada de fuerzas al campo",
    turn: "Turno",
    clock: "Hora",
    men: "hombres",
    guns: "cañones",
    units: "unidades",
    missing_data: "Datos que la fuente no da",
    orders: "Órdenes iniciales",
    command: "Mando",
    duration: "Duración",
    not_engaged: "no comprometida",
    present: "presente, sin comprometer",
    left_out: "unidades no comprometidas, fuera de los totales",
    parts: ["bon.", "esc.", "cía.", "bat."],
    howitzer: "obús",
    detached_from: "destacada de",
    departs: "se retira",
    other_figures: "otras cifras",
    nominal: "al mando nominal",
    attached_to: "agregada a",
    estimate: "estimación",
    sources: "Fuentes",
    scenario: "Escenario",
    within: "a no más de",
    hexes_of: "hexes de",
    entry: "entrada",
    order_change: "Cambio de órdenes: dividir por",
    attempts: "intentos por turno",
    radius: "Radio de mando",
    reorganisation: "Base de reorganización",
    demoralisation: "Umbral de desmoralización",
    quick_reference: "Hoja de referencia rápida",
    unit: "Unidad",
    grade: "Calidad",
    figures: "figuras",
    points: "puntos",
    men_or_guns: "hombres / cañones",
    represented: "representa",
    order_markers: "Marcadores de órdenes",
    decimal_comma: true,
};

const RU: Locale = Locale {
    months: [
        "января",
        "февраля",
        "марта",
        "апреля",
        "мая",
        "июня",
        "июля",
        "августа",
        "сентября",
        "октября",
        "ноября",
        "декабря",
    ],
    day_pattern: "{day} {month}",
    day_number: "день {n}",
    night: "ночь",
    contents: "Содержание",
    chapter: "Глава",
    table: "Таблица",
    table_lower: "таблица",
    example: "Пример",
    missing: "Таблица отсутствует в источнике: текст ссылается на неё, но не приводит её. Значения не придумываются.",
    base: "База",
    roll: "Бросок",
    sum: "Сумма",
    result: "Итог",
    rounding_up: "с округлением вверх",
    rounding_down: "с округлением вниз",
    rounding_nearest: "с округлением до ближайшего",
    minimum: "Минимум",
    exclusive: "не суммируются: применяется худший",
    success: "Успех",
    failure_by: "Провал на",
    or_more: "и более",
    claimed: "по тексту",
    chance: "Вероятность успеха",
    worst: "худший случай",
    best: "лучший случай",
    edition: "Издание",
    appendix: "Таблицы вне глав",
    introduction: "Историческое введение",
    outcome: "Итог",
    order_of_battle: "Боевое расписание",
    setup: "Расстановка",
    reinforcements: "Подкрепления",
    victory: "Условия победы",
    special_rules: "Особые правила",
    errata: "Опечатки",
    strengths: "Силы сторон",
    arrivals: "Прибытие сил на поле боя",
    turn: "Ход",
    clock: "Время",
    men: "чел.",
    guns: "орудий",
    units: "частей",
    missing_data: "Данные, которых нет в источнике",
    orders: "Начальные приказы",
    command: "Командование",
    duration: "Продолжительность",
    not_engaged: "не участвовала",
    present: "на поле, в резерве",
    left_out: "не участвовавшие части, не включённые в итоги",
    parts: ["бат.", "эск.", "рот.", "батар."],
    howitzer: "гаубица",
    detached_from: "выделена из",
    departs: "уходит",
    other_figures: "другие данные",
    nominal: "номинально",
    attached_to: "придана",
    estimate: "оценка",
    sources: "Источники",
    scenario: "Сценарий",
    within: "не далее",
    hexes_of: "гексов от",
    entry: "вход",
    order_change: "Смена приказов: делитель",
    attempts: "попыток за ход",
    radius: "Радиус командования",
    reorganisation: "База реорганизации",
    demoralisation: "Порог деморализации",
    quick_reference: "Памятка игрока",
    unit: "Часть",
    grade: "Качество",
    figures: "фигуры",
    points: "очки",
    men_or_guns: "люди / орудия",
    represented: "соответствует",
    order_markers: "Маркеры приказов",
    decimal_comma: true,
};

const EN: Locale = Locale {
    months: [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    day_pattern: "{day} {month}",
    day_number: "day {n}",
    night: "night",
    contents: "Contents",
    chapter: "Chapter",
    table: "Table",
    table_lower: "table",
    example: "Example",
    missing: "Table not in the source: the original text refers to it but does not print it. Its values are not invented.",
    base: "Base",
    roll: "Roll",
    sum: "Sum",
    result: "Result",
    rounding_up: "rounded up",
    rounding_down: "rounded down",
    rounding_nearest: "rounded to nearest",
    minimum: "Minimum",
    exclusive: "not cumulative: only the most penalising applies",
    success: "Success",
    failure_by: "Failed by",
    or_more: "or more",
    claimed: "as the text says",
    chance: "Chance of success",
    worst: "worst case",
    best: "best case",
    edition: "Edition",
    appendix: "Tables outside chapters",
    introduction: "Historical introduction",
    outcome: "Outcome",
    order_of_battle: "Order of battle",
    setup: "Set-up",
    reinforcements: "Reinforcements",
    victory: "Victory conditions",
    special_rules: "Special rules",
    errata: "Errata",
    strengths: "Strengths",
    arrivals: "Strength on the field",
    turn: "Turn",
    clock: "Time",
    men: "men",
    guns: "guns",
    units: "units",
    missing_data: "Not in the source",
    orders: "Initial orders",
    command: "Command",
    duration: "Duration",
    not_engaged: "not engaged",
    present: "present, not committed",
    left_out: "units not engaged, left out of the totals",
    parts: ["bns", "sqns", "coys", "btys"],
    howitzer: "howitzer",
    detached_from: "detached from",
    departs: "leaves",
    other_figures: "other figures",
    nominal: "nominally",
    attached_to: "attached to",
    estimate: "estimate",
    sources: "Sources",
    scenario: "Scenario",
    within: "within",
    hexes_of: "hexes of",
    entry: "entry",
    order_change: "Order change: divide by",
    attempts: "attempts per turn",
    radius: "Command radius",
    reorganisation: "Reorganisation base",
    demoralisation: "Demoralisation threshold",
    quick_reference: "Quick reference",
    unit: "Unit",
    grade: "Grade",
    figures: "figures",
    points: "points",
    men_or_guns: "men / guns",
    represented: "represents",
    order_markers: "Order markers",
    decimal_comma: false,
};

impl Locale {
    /// The word for what a value counts: "figures" or "points".
    pub fn represents(&self, represents: &str) -> &'static str {
        match represents {
            "points" => self.points,
            _ => self.figures,
        }
    }

    pub fn for_language(language: &str) -> &'static Locale {
        match language {
            "es" => &ES,
            "ru" => &RU,
            _ => &EN,
        }
    }

    /// A day of the month as the language writes it: "4 de mayo".
    pub fn day(&self, date: time::Date) -> String {
        let month = self.months[usize::from(u8::from(date.month())) - 1];
        self.day_pattern
            .replace("{day}", &date.day().to_string())
            .replace("{month}", month)
    }

    /// A whole date: "4 de mayo de 1811", "4 мая 1811", "4 May 1811".
    pub fn date(&self, date: time::Date) -> String {
        let joiner = if self.day_pattern.contains(" de ") {
            " de "
        } else {
            " "
        };
        format!("{}{joiner}{}", self.day(date), date.year())
    }

    /// The days of an action: "16 de mayo de 1811", or "3–5 de mayo de 1811"
    /// and "30 de abril – 2 de mayo de 1811" when it lasts several.
    pub fn date_span(&self, first: time::Date, last: time::Date) -> String {
        if first == last {
            return self.date(first);
        }
        if first.year() == last.year() && first.month() == last.month() {
            let whole = self.date(last);
            return format!("{}–{}", first.day(), whole);
        }
        let first_text = if first.year() == last.year() {
            self.day(first)
        } else {
            self.date(first)
        };
        format!("{first_text} – {}", self.date(last))
    }

    /// A decimal number as the language writes it: "2,1" in Spanish.
    pub fn decimal(&self, value: f64) -> String {
        let text = if value.fract() == 0.0 {
            format!("{}", value as i64)
        } else {
            format!("{value}")
        };
        let text = if self.decimal_comma {
            text.replace('.', ",")
        } else {
            text
        };
        text.replace('-', "−")
    }

    /// A chance as an exact fraction and a percentage: "5/12 (41,7 %)".
    pub fn chance_text(&self, p: crate::model::Ratio) -> String {
        let percent = self.decimal((p.as_f64() * 1000.0).round() / 10.0);
        format!("{p} ({percent} %)")
    }

    /// A modifier as printed in tables: "+1", "−2", "0".
    pub fn signed(&self, value: i64) -> String {
        match value {
            0 => "0".into(),
            v if v > 0 => format!("+{v}"),
            v => format!("−{}", -v),
        }
    }
}
