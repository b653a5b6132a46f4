# То, что grognard пишет сам по-русски: заголовки книг, буклетов, фишек, этикеток
# и отчётов. Синтаксис: Project Fluent (https://projectfluent.org).

day_number = день { $n }
night = ночь
web_cited_by = Упоминается в
web_search = Поиск
web_no_results = Ничего не найдено.
web_print = Версия для печати
web_scenarios = Сценарии
web_skip = К тексту
web_previous = Назад
web_next = Далее
contents = Содержание
chapter = Глава
table = Таблица
table_lower = таблица
continued = (продолжение)
list_of_tables = Список таблиц
page_abbr = с.
needs = Что нужно для игры
needs_intro = Источник ссылается на эти таблицы, но не приводит их, а это издание не придумывает их значений. Без них правила, которые на них опираются, разыграть нельзя: таблицы нужно взять из издания, на которое ссылается источник, и вписать в пустые формы на этой странице.
source = Источник
glossary = Словарь терминов
index = Предметный указатель
see = см.
example = Пример
missing = Таблица отсутствует в источнике: текст ссылается на неё, но не приводит её. Значения не придумываются.
base = База
roll = Бросок
sum = Сумма
result = Итог
rounding_up = с округлением вверх
rounding_down = с округлением вниз
rounding_nearest = с округлением до ближайшего
minimum = Минимум
exclusive = не суммируются: применяется худший
success = Успех
failure_by = Провал на
or_more = и более
or_less = и менее
claimed = по тексту
chance = Вероятность успеха
worst = худший случай
best = лучший случай
edition = Издание
appendix = Приложение: таблицы
tables_outside = Таблицы вне глав
appendix_intro = Таблицы правил, собранные по номерам, чтобы сверяться с ними за столом. Таблицы, которых нет в источнике, перечислены в разделе «Что нужно для игры».
editor_note = Примечание редактора
editor_notes = Примечания редактора
colophon = Это издание
colophon_sources = Собрано программой grognard по этим источникам; их числа воспроизведены без изменений, кроме оговорённых в примечаниях редактора:
colophon_date = Дата издания
colophon_changes = Черта на полях отмечает каждый пункт, изменённый после предыдущего издания ({ $earlier }); серым фоном выделены изменённые клетки таблиц.
introduction = Историческое введение
outcome = Итог
order_of_battle = Боевое расписание
setup = Расстановка
reinforcements = Подкрепления
victory = Условия победы
special_rules = Особые правила
errata = Опечатки
strengths = Силы сторон
arrivals = Прибытие сил на поле боя
turn = Ход
clock = Время
men = чел.
guns = орудий
units = частей
missing_data = Данные, которых нет в источнике
orders = Начальные приказы
command = Командование
duration = Продолжительность
not_engaged = не участвовала
present = на поле, в резерве
left_out = не участвовавшие части, не включённые в итоги
howitzer = гаубица
detached_from = выделена из
departs = уходит
oob_arrives = { $time } (ход { $turn })
oob_arrives_turn = ход { $turn }
oob_arrives_historically = ход { $turn } (исторически — { $time })
oob_set_up_historically = в расстановке (исторически — { $time })
booklet_notes = Примечания
booklet_compiler_notes = Примечания составителя об источниках
booklet_note_estimate = Оценка: { $method }
booklet_note_figures = Другие данные: { $figures }
other_figures = другие данные
nominal = номинально
attached_to = придана
estimate = оценка
sources = Источники
scenario = Сценарий
within = не далее
hexes_of = гексов от
entry = Вход
order_change = Смена приказов: делитель
attempts = попыток за ход
radius = Радиус командования
reorganisation = База реорганизации
demoralisation = Порог деморализации
quick_reference = Памятка игрока
qrs_other = Другие таблицы
reference_cards = Карточки-памятки
unit = Часть
grade = Качество
figures = фигуры
points = очки
men_or_guns = люди / орудия
represented = соответствует
order_markers = Маркеры приказов
bases = подставки
casualties = потери
general = Командир
parts_battalions = бат.
parts_squadrons = эск.
parts_companies = рот.
parts_batteries = батар.

# Числа и даты пишутся по правилам этого варианта языка (CLDR).
formats = ru

# Число и то, что оно считает, в нужной форме множественного числа.
count_men = { $count ->
    [one] { $number } человек
    [few] { $number } человека
    [many] { $number } человек
   *[other] { $number } человека
}

count_guns = { $count ->
    [one] { $number } орудие
    [few] { $number } орудия
    [many] { $number } орудий
   *[other] { $number } орудия
}

count_units = { $count ->
    [one] { $number } подразделение
    [few] { $number } подразделения
    [many] { $number } подразделений
   *[other] { $number } подразделения
}

count_figures = { $count ->
    [one] { $number } фигура
    [few] { $number } фигуры
    [many] { $number } фигур
   *[other] { $number } фигуры
}

count_points = { $count ->
    [one] { $number } очко
    [few] { $number } очка
    [many] { $number } очков
   *[other] { $number } очка
}

count_turns = { $count ->
    [one] { $number } ход
    [few] { $number } хода
    [many] { $number } ходов
   *[other] { $number } хода
}

count_minutes = { $count ->
    [one] { $number } минута
    [few] { $number } минуты
    [many] { $number } минут
   *[other] { $number } минуты
}

# Языки и пометка к тексту, которого нет на языке книги.
language_es = испанский
language_ru = русский
language_en = английский
only_in = Этот текст есть только на другом языке ({ $language }).

# Что конвертация не может перенести в правила назначения (список «missing»
# сконвертированного слоя, который печатает буклет).
conversion_no_turn_length = { $ruleset }: правила не задают длительность хода, ходы не заданы.
conversion_no_clock = Источники не дают времени: в сконвертированном слое нет ходов, и все подразделения присутствуют с начала.
conversion_no_quality = { $title }: у { $without } из { $total ->
    [one] { $total } подразделения
   *[other] { $total } подразделений
} нет качества в источниках, поэтому значение им не задаётся.
conversion_no_leader_ratings = Командиры: источники не дают их характеристик, поэтому они не конвертируются.
conversion_positions = Позиции: { $count ->
    [one] { $count } ссылка на гекс
    [few] { $count } ссылки на гексы
   *[other] { $count } ссылок на гексы
} в слое { $ruleset } (расстановка, зоны, гексы победы) не конвертируются: { $missing ->
    [map] у его карты нет масштаба.
   *[ground] у правил назначения нет масштаба местности.
}
conversion_special_rules = Особые правила слоя { $ruleset } ({ $rules }) — правила той игры, они не переносятся.
conversion_orders = Начальные приказы слоя { $ruleset } записаны словарём приказов той игры и не конвертируются.

# Уровни победы слоя.
victory_automatic = автоматическая победа
victory_decisive = решительная победа
victory_major = крупная победа
victory_marginal = минимальная победа
victory_minor = малая победа
victory_draw = ничья
# Сокращения после числа.
hex_abbr = гекс.
cm_abbr = см

# Отчёт о конвертации (…-report.md) и то, что конвертация сообщает о подразделениях.
report_intro = Сконвертировано из { $from ->
    [none] нейтральных данных
   *[other] слоя { $from }
} в { $target }. { $one } = { $men } (пехота, кавалерия) или { $guns }; единица игры — { $level ->
    [regiment] полк
    [company] рота
   *[battalion] батальон
}{ $aggregate ->
    [regiment] , поэтому батальоны одного полка (одна бригада, одно название до скобок) играются как одно подразделение.
   *[other] .
}
report_not_converted = Что не конвертируется
report_judgements = Решения по суждению
report_warnings = Предупреждения
report_note = Примечание
report_warning = Предупреждение
report_totals = Итоги по сторонам
report_side = сторона
report_men = человек
report_guns = орудий
report_units = подразделений
report_men_represented = представлено человек
report_guns_represented = представлено орудий
report_units_after = подразделений после
report_left_out = Итоги учитывают подразделения, участвующие в бою. { $count ->
    [0] Ни одно подразделение не исключено как не участвовавшее.
    [one] Исключено { $count } не участвовавшее подразделение.
    [few] Исключено { $count } не участвовавших подразделения.
   *[other] Исключено { $count } не участвовавших подразделений.
}
report_ranges = Где источник даёт численность в виде промежутка, берётся его середина: { $units }.
report_split = { $count ->
    [one] { $count } подразделение из нескольких батальонов или батарей стало отдельной единицей игры на каждый из них: { $units }.
    [few] { $count } подразделения из нескольких батальонов или батарей стали отдельной единицей игры на каждый из них: { $units }.
   *[other] { $count } подразделений из нескольких батальонов или батарей стали отдельной единицей игры на каждый из них: { $units }.
}
report_roundings = Округления
report_roundings_intro = Половина и больше округляется вверх. Ошибка — это то, что представляют { $represents }, минус историческая численность.
report_unit = подразделение
report_stands_for = соответствует
report_represents = представляют
report_error = ошибка
report_time = Время
report_no_turns = Ходов нет: см. ниже.
report_clock = Ход 1 начинается в { $start }; { $turns } по { $minutes }. Прибытие между началами двух ходов приходится на текущий ход.
report_on_turn_starts = Все прибытия приходятся на начало хода.
report_arrives = прибывает
report_turn = ход
report_minutes_after = минут после начала хода
report_muster = Список фигурок
report_muster_intro = Фигурки, нужные для сценария, по странам и родам войск (артиллерия: фигурки расчёта и одна модель орудия на батарею).
report_nation = страна
report_arm = род войск
report_figures = фигурок
report_bases = подставок
report_bases_battery = { $count } (по одной на батарею)
report_bases_frontage = по ширине фронта
conversion_no_strength = Источники не дают численности, поэтому { $represents } не заданы (остаётся автору): { $units }.
conversion_inverted = { $count } подразделений берут численность из значений слоя { $ruleset }, пересчитанных по его профилю, а не из нейтральных данных.
conversion_after_last_turn = { $unit } прибывает в { $time }, уже после начала последнего хода ({ $turns }): оно входит в последний ход.
conversion_ungraded_quality = Для качества «{ $quality }» в { $ruleset } нет группы: его подразделения остаются без неё.
conversion_zero = { $unit } ({ $strength }) даёт { $value } в { $ruleset }: подразделение остаётся в боевом расписании без численности.
conversion_too_large = { $unit } ({ $strength }) становится одним подразделением в { $value } в { $ruleset } — больше, чем { $most }, допустимые правилами для { $arm ->
    [cavalry] кавалерийского
    [artillery] артиллерийского
   *[infantry] пехотного
} подразделения: играйте его так или задайте в сценарии несколько подразделений.
conversion_no_organisation = { $unit } ({ $strength }) не сообщает своего состава: оно становится одним подразделением в { $value } в { $ruleset }; укажите состав (например, { $parts } = { $guess }), чтобы получить столько же подразделений.
calibration_title = Калибровка двусторонней печати
calibration_how = Напечатайте этот лист с двух сторон так же, как печатаете фишки, и посмотрите его на просвет. На каждой шкале отметка оборотной стороны, которая ложится точно на линию лицевой, даёт смещение оборота в миллиметрах. Впишите оба числа в файл проекта так:
calibration_setting = [print] back_offset_mm = [по горизонтали, по вертикали]
calibration_across = По горизонтали (мм)
calibration_down = По вертикали (мм)
symbol_infantry = Пехота
symbol_light_infantry = Лёгкая пехота
symbol_cavalry = Кавалерия
symbol_light_cavalry = Лёгкая кавалерия
symbol_heavy_cavalry = Тяжёлая кавалерия
symbol_foot_artillery = Пешая артиллерия
symbol_horse_artillery = Конная артиллерия
symbol_leader = Генерал
counter_key = Условные обозначения фишек
side = Сторона
arriving = Подкрепления, у гекса входа
map_key = Условные обозначения карты
map_elevation = Высота { $level }
north_letter = С
metres_abbr = м
setup_map = Расстановка на карте
map_sheet = Лист { $n } из { $total }, ряд { $row }, столбец { $column }. Наложите его на соседние листы так, чтобы совпали пронумерованные метки.
map_assembly = Обрежьте каждый лист по краю напечатанной карты там, где он заходит на соседний, и разложите листы по этой схеме: пронумерованные метки соседних листов совпадают.
map_no_terrain = Источник не приводит карту: нарисована только сетка гексов её размера с гексами, которые называет сценарий. Местности в источнике нет.
map_grid_assumed = Источник не говорит, как ориентированы гексы: сетка нарисована с плоской верхней гранью, чётные столбцы на полгекса ниже.
map_no_scale = Источник не даёт масштаба карты.
map_not_to_scale = Без масштаба: источник не даёт размера гекса.
map_setup_key = Расстановка: квадраты цвета стороны в своём гексе (с числом фишек), гексы в пределах досягаемости обведены; подкрепления в рамке с номером хода; цели обведены кругом.
map_title = Карта
crt_odds = соотношение сил, атакующий к обороняющемуся
crt_differential = разность сил, атакующий минус обороняющийся
crt_beyond = За пределами таблицы
crt_end_column = соотношение за краем таблицы читается в крайнем столбце
crt_shift = { $sign }{ $n } { $n ->
    [one] столбец
    [few] столбца
   *[many] столбцов
}
crt_beyond_results = ниже первого столбца — { $below }; выше последнего — { $above }
success_by = Успех с запасом
dice_plus_modifiers = { $dice } + модификаторы
example_to_roll = Модификаторы к броску
example_roll_needed = Нужно выбросить
then_roll_on = Затем бросок по таблице: { $table }.

## VASSAL modules
vassal_map = Карта
vassal_counters = Фишки
vassal_leaders = Командиры
vassal_markers = Маркеры
vassal_reinforcements = Подкрепления
vassal_turn = Ход { $turn }
vassal_flip = Перевернуть
vassal_charts = Таблицы
vassal_inventory = Список фишек

## Список исправлений между двумя изданиями (grognard diff)
errata_title = Список исправлений · { $ruleset }
errata_editions = Издание { $old } → издание { $new }
errata_kind_correction = Исправление
errata_kind_addition = Дополнение
errata_kind_clarification = Уточнение
errata_kind_deletion = Исключение
errata_kind_change = Изменение
errata_intro = Глава { $number }, вводный текст
errata_section = Заголовок { $number }
errata_table = Таблица { $number } · { $title }
errata_layer = Сценарий { $scenario }
errata_added = Новый текст: { $text }
errata_removed = Исключено: { $text }
errata_reworded = Новая редакция: { $text }
errata_moved = Перенесено из { $from } в { $to }.
errata_renumbered = Прежде { $from }; переставлено среди пунктов своего раздела.
errata_cell = Строка «{ $row }», столбец «{ $column }»: { $old } → { $new }.
errata_cell_row = Строка «{ $row }»: { $old } → { $new }.
errata_row_added = Новая строка «{ $row }».
errata_row_removed = Строка «{ $row }» исключена.
errata_value = { $field }: { $old } → { $new }.
errata_none = нет
errata_field_title = Название
errata_field_header = Строки заголовка
errata_field_note = Примечание
errata_field_label = Название
errata_field_name = Название
errata_field_men = Численность
errata_field_men-range = Численность (в пределах)
errata_field_guns = Орудия
errata_field_quality = Качество
errata_field_parent = Соединение
errata_field_arrives = Прибытие
errata_field_entry = Вход через
errata_profile = Масштаб и единица игры (для конвертации)
errata_field_represents = Сила считается в
errata_field_men-per = Человек на фигуру или очко
errata_field_guns-per = Орудий на фигуру или очко
errata_field_level = Единица игры
errata_field_aggregate = Батальоны одного полка
errata_field_turn-minutes = Минут в ходе
errata_field_metres-per-cm = Метров в сантиметре
errata_field_metres-per-hex = Метров в гексе
errata_field_figures-per-base = Фигур на подставке
errata_field_frontage-mm = Фронт на фигуру (мм)
errata_field_largest-unit = Наибольшее подразделение (фигур или очков)
errata_level = { $level ->
    [regiment] полк
    [company] рота
   *[battalion] батальон
}
errata_aggregate = { $aggregate ->
    [regiment] играются как одно подразделение
   *[other] играются отдельно
}
errata_setup = Расстановка: { $who }: { $old } → { $new }.
errata_arrival = Прибытие: { $who }: { $old } → { $new }.
errata_spot_turn = ход { $turn }, { $hex }
errata_spot_within = не далее { $within } { $within ->
    [one] гекса
   *[other] гексов
} от { $hex }
errata_reason = Причина: { $reason }
errata_concordance = Пункты с новыми номерами
errata_concordance_note = Текст этих пунктов не изменился; их номера сдвинулись из-за пунктов, добавленных или исключённых перед ними.
errata_old_number = Было
errata_new_number = Стало
errata_no_changes = Изменений нет.
errata_counter = Фишка: { $old } → { $new }.
errata_counter_back = Оборот фишки: { $old } → { $new }.
errata_formerly = { $place } ({ $edition })
errata_versions = Изменения от { $old } к { $new }
errata_working_copy = рабочей копии
errata_edition = издание { $edition }
errata_reprint = Перепечатать
html_changed_in = изменено в издании { $edition }
html_changed = изменено
