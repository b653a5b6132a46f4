# Lo que grognard escribe por sí mismo en español: rótulos de libros, folletos, fichas,
# etiquetas e informes. Sintaxis: Project Fluent (https://projectfluent.org).

day_number = día { $n }
night = noche
web_cited_by = Citado en
web_search = Buscar
web_no_results = Nada coincide con lo buscado.
web_print = Versión para imprimir
web_scenarios = Escenarios
web_skip = Ir al texto
web_previous = Anterior
web_next = Siguiente
contents = Índice
chapter = Capítulo
table = Tabla
table_lower = tabla
continued = (continuación)
list_of_tables = Índice de tablas
page_abbr = p.
needs = Lo que hace falta para jugar
needs_intro = La fuente remite a estas tablas pero no las imprime, y esta edición no inventa sus valores. Sin ellas no se pueden resolver las reglas que las usan: hay que sacarlas de la obra a la que remite la fuente y anotarlas en los formularios en blanco de esta página.
source = Fuente
glossary = Glosario
index = Índice alfabético
see = véase
example = Ejemplo
missing = Tabla no incluida en la fuente: el texto original remite a ella pero no la reproduce. Sus valores no se inventan.
base = Base
roll = Tirada
sum = Suma
result = Resultado
rounding_up = redondeado hacia arriba
rounding_down = redondeado hacia abajo
rounding_nearest = redondeado al más próximo
minimum = Mínimo
exclusive = no acumulativos: se aplica el más penalizador
success = Éxito
failure_by = Fallo por
or_more = o más
or_less = o menos
claimed = según el texto
chance = Probabilidad de éxito
worst = peor caso
best = mejor caso
edition = Edición
appendix = Apéndice: las tablas
tables_outside = Tablas sin capítulo
appendix_intro = Las tablas del reglamento reunidas por su número, para consultarlas en la mesa. Las que la fuente no imprime están en «Lo que hace falta para jugar».
editor_note = Nota de la edición
editor_notes = Notas de la edición
colophon = Esta edición
colophon_sources = Compuesta con grognard a partir de estas fuentes, cuyas cifras reproduce sin cambios salvo donde una nota de la edición lo dice:
colophon_date = Fecha de la edición
colophon_changes = Una barra en el margen señala cada caso que cambia respecto de la edición anterior ({ $earlier }); un fondo gris, cada celda de tabla que cambia.
introduction = Introducción histórica
outcome = Desenlace
order_of_battle = Orden de batalla
setup = Despliegue
reinforcements = Refuerzos
victory = Condiciones de victoria
special_rules = Reglas especiales
errata = Erratas
strengths = Fuerzas
arrivals = Llegada de fuerzas al campo
turn = Turno
clock = Hora
men = hombres
guns = cañones
units = unidades
missing_data = Datos que la fuente no da
orders = Órdenes iniciales
command = Mando
duration = Duración
not_engaged = no comprometida
present = presente, sin comprometer
left_out = unidades no comprometidas, fuera de los totales
howitzer = obús
detached_from = destacada de
departs = se retira
oob_arrives = { $time } (turno { $turn })
oob_arrives_turn = turno { $turn }
oob_arrives_historically = turno { $turn } (históricamente, { $time })
oob_set_up_historically = en el despliegue (históricamente, { $time })
booklet_notes = Notas
booklet_compiler_notes = Notas del compilador sobre las fuentes
booklet_note_estimate = Estimación: { $method }
booklet_note_figures = Otras cifras: { $figures }
other_figures = otras cifras
nominal = al mando nominal
attached_to = agregada a
estimate = estimación
sources = Fuentes
scenario = Escenario
within = a no más de
hexes_of = hexes de
entry = Entrada
order_change = Cambio de órdenes: dividir por
attempts = intentos por turno
radius = Radio de mando
reorganisation = Base de reorganización
demoralisation = Umbral de desmoralización
quick_reference = Hoja de referencia rápida
qrs_other = Otras tablas
reference_cards = Cartas de referencia
unit = Unidad
grade = Calidad
figures = figuras
points = puntos
men_or_guns = hombres / cañones
represented = representa
order_markers = Marcadores de órdenes
bases = bases
casualties = bajas
general = General
parts_battalions = bon.
parts_squadrons = esc.
parts_companies = cía.
parts_batteries = bat.

# Los números y las fechas siguen las convenciones de esta variante (CLDR).
formats = es

# Un número seguido de lo que cuenta, con el plural que le corresponde.
count_men = { $count ->
    [one] { $number } hombre
   *[other] { $number } hombres
}

count_guns = { $count ->
    [one] { $number } cañón
   *[other] { $number } cañones
}

count_units = { $count ->
    [one] { $number } unidad
   *[other] { $number } unidades
}

count_figures = { $count ->
    [one] { $number } figura
   *[other] { $number } figuras
}

count_points = { $count ->
    [one] { $number } punto
   *[other] { $number } puntos
}

count_turns = { $count ->
    [one] { $number } turno
   *[other] { $number } turnos
}

count_minutes = { $count ->
    [one] { $number } minuto
   *[other] { $number } minutos
}

# Los idiomas, y la nota de un texto que no existe en el idioma del libro.
language_es = español
language_ru = ruso
language_en = inglés
only_in = Este texto solo existe en { $language }.

# Lo que una conversión no puede llevar al reglamento de destino (la lista «missing» de
# la capa convertida, que imprime el folleto).
conversion_no_turn_length = { $ruleset } no da la duración del turno: la capa no tiene turnos.
conversion_no_clock = Las fuentes no dan horas: la capa convertida no tiene turnos y todas las unidades están presentes desde el principio.
conversion_no_quality = { $title }: { $total ->
    [one] la unidad no tiene
   *[other] { $without } de { $total } unidades no tienen
} calidad en las fuentes, así que no se les da valor.
conversion_no_leader_ratings = Mandos: las fuentes no dan sus valores, así que no se convierte ninguno.
conversion_positions = Posiciones: { $count ->
    [one] la referencia a un hex
   *[other] las { $count } referencias a hexes
} de la capa de { $ruleset } (despliegue, zonas, hexes de victoria) no se convierten: { $missing ->
    [map] su mapa no tiene escala.
   *[ground] el reglamento de destino no tiene escala de terreno.
}
conversion_special_rules = Las reglas especiales de la capa de { $ruleset } ({ $rules }) son reglas de ese juego y no se trasladan.
conversion_orders = Las órdenes iniciales de la capa de { $ruleset } usan el vocabulario de órdenes de ese juego y no se convierten.

# Los niveles de victoria de una capa.
victory_automatic = victoria automática
victory_decisive = victoria decisiva
victory_major = victoria sustancial
victory_marginal = victoria marginal
victory_minor = victoria menor
victory_draw = empate
# Abreviaturas tras un número.
hex_abbr = hex.
cm_abbr = cm

# El informe de conversión (…-report.md), y lo que una conversión dice de las unidades.
report_intro = Convertido desde { $from ->
    [none] los datos neutrales
   *[other] la capa de { $from }
} a { $target }. { $one } = { $men } (infantería, caballería) o { $guns }; la unidad de juego es { $level ->
    [regiment] el regimiento
    [company] la compañía
   *[battalion] el batallón
}{ $aggregate ->
    [regiment] , así que los batallones de un mismo regimiento (una brigada, un nombre antes del paréntesis) se juegan como una sola unidad.
   *[other] .
}
report_not_converted = Lo que no se convierte
report_judgements = Decisiones de criterio
report_warnings = Avisos
report_note = Nota
report_warning = Aviso
report_totals = Totales por bando
report_side = bando
report_men = hombres
report_guns = cañones
report_units = unidades
report_men_represented = hombres representados
report_guns_represented = cañones representados
report_units_after = unidades después
report_left_out = Los totales cuentan las unidades que toman parte. { $count ->
    [0] No se dejó fuera ninguna unidad no comprometida.
    [one] Se dejó fuera 1 unidad no comprometida.
   *[other] Se dejaron fuera { $count } unidades no comprometidas.
}
report_ranges = Donde una fuente da un intervalo de hombres se toma su punto medio: { $units }.
report_split = { $count ->
    [one] 1 unidad formada por varios batallones o baterías pasó a ser una unidad de juego por cada uno: { $units }.
   *[other] { $count } unidades formadas por varios batallones o baterías pasaron a ser una unidad de juego por cada uno: { $units }.
}
report_roundings = Redondeos
report_roundings_intro = La mitad o más redondea hacia arriba. El error es lo que representan las { $represents } menos la cifra histórica.
report_unit = unidad
report_stands_for = representa a
report_represents = representan
report_error = error
report_time = Tiempo
report_no_turns = Sin turnos: véase más abajo.
report_clock = El turno 1 empieza a las { $start }; { $turns } de { $minutes }. Una llegada entre el comienzo de dos turnos entra en el turno en curso.
report_on_turn_starts = Todas las llegadas caen al comienzo de un turno.
report_arrives = llega
report_turn = turno
report_minutes_after = minutos tras el comienzo del turno
report_muster = Lista de efectivos
report_muster_intro = Figuras necesarias para jugar el escenario, por nación y arma (artillería: figuras de artilleros y un modelo de cañón por batería).
report_nation = nación
report_arm = arma
report_figures = figuras
report_bases = bases
report_bases_battery = { $count } (una por batería)
report_bases_frontage = según el frente
conversion_no_strength = Las fuentes no dan efectivos, así que no hay { $represents } (queda para el diseñador): { $units }.
conversion_inverted = { $count } unidades toman sus efectivos de los valores de la capa de { $ruleset }, leídos a través de su perfil, no de las cifras neutrales.
conversion_after_last_turn = { $unit } llega a las { $time }, después de que empiece el último turno ({ $turns }): entra en el último turno.
conversion_ungraded_quality = La calidad «{ $quality }» no tiene grado en { $ruleset }: sus unidades quedan sin él.
conversion_zero = { $unit } ({ $strength }) se queda en { $value } en { $ruleset }: sigue en el orden de batalla, sin efectivos.
conversion_too_large = { $unit } ({ $strength }) se convierte en una unidad de { $value } en { $ruleset }, más de las { $most } que el reglamento admite en una unidad de { $arm ->
    [cavalry] caballería
    [artillery] artillería
   *[infantry] infantería
}: júguela así o dé en el escenario varias unidades.
conversion_no_organisation = { $unit } ({ $strength }) no dice de qué se compone: se convierte en una sola unidad de { $value } en { $ruleset }; indíquelo (p. ej. { $parts } = { $guess }) para convertirla en otras tantas unidades.
calibration_title = Calibración de la impresión a doble cara
calibration_how = Imprima esta hoja por las dos caras como imprime las fichas y mírela al trasluz. En cada escala, la marca del reverso que cae justo sobre la línea del anverso da el desplazamiento del reverso en milímetros. Anote los dos números en el archivo del proyecto, así:
calibration_setting = [print] back_offset_mm = [horizontal, vertical]
calibration_across = Horizontal (mm)
calibration_down = Vertical (mm)
symbol_infantry = Infantería
symbol_light_infantry = Infantería ligera
symbol_cavalry = Caballería
symbol_light_cavalry = Caballería ligera
symbol_heavy_cavalry = Caballería pesada
symbol_foot_artillery = Artillería a pie
symbol_horse_artillery = Artillería a caballo
symbol_leader = General
counter_key = Clave de las fichas
side = Bando
arriving = Llegadas, en su hex. de entrada
map_key = Clave del mapa
map_elevation = Elevación { $level }
north_letter = N
metres_abbr = m
setup_map = Despliegue sobre el mapa
map_sheet = Hoja { $n } de { $total }, fila { $row }, columna { $column }. Se superpone a sus vecinas de modo que coincidan las marcas numeradas.
map_assembly = Recorte cada hoja por el borde del mapa impreso donde se solapa con una vecina y coloque las hojas como en este plano: las marcas numeradas de hojas vecinas caen unas sobre otras.
map_no_terrain = La fuente no reproduce el mapa: se dibuja solo la retícula de su extensión, con los hexes que nombra el escenario. El terreno no figura en la fuente.
map_grid_assumed = La fuente no dice hacia dónde apuntan los hexágonos: la retícula se dibuja con lados planos arriba y las columnas pares medio hex. más abajo.
map_no_scale = La fuente no da la escala del mapa.
map_not_to_scale = Sin escala: la fuente no da el tamaño de los hexágonos.
map_setup_key = Despliegue: cuadrados del color del bando en su hex. (con el número de fichas), rodeados los hexes a su alcance; refuerzos enmarcados con su turno; objetivos en círculo.
map_title = Mapa
crt_odds = proporción, atacante contra defensor
crt_differential = diferencia de fuerzas, atacante menos defensor
crt_beyond = Fuera de la tabla
crt_end_column = una proporción más allá de un extremo se lee en la columna de ese extremo
crt_shift = { $sign }{ $n } { $n ->
    [one] columna
   *[other] columnas
}
crt_beyond_results = por debajo de la primera columna, { $below }; por encima de la última, { $above }
success_by = Éxito por
dice_plus_modifiers = { $dice } + modificadores
example_to_roll = Modificadores a la tirada
example_roll_needed = Tirada necesaria
then_roll_on = Después se tira en: { $table }.

## VASSAL modules
vassal_map = Mapa
vassal_counters = Fichas
vassal_leaders = Mandos
vassal_markers = Marcadores
vassal_reinforcements = Refuerzos
vassal_turn = Turno { $turn }
vassal_flip = Dar la vuelta
vassal_charts = Tablas
vassal_inventory = Inventario

## Fe de erratas entre dos ediciones (grognard diff)
errata_title = Fe de erratas · { $ruleset }
errata_editions = Edición { $old } → edición { $new }
errata_kind_correction = Corrección
errata_kind_addition = Adición
errata_kind_clarification = Aclaración
errata_kind_deletion = Supresión
errata_kind_change = Cambio
errata_intro = Capítulo { $number }, texto inicial
errata_section = Epígrafe { $number }
errata_table = Tabla { $number } · { $title }
errata_layer = Escenario { $scenario }
errata_added = Texto nuevo: { $text }
errata_removed = Se suprime: { $text }
errata_reworded = Nueva redacción: { $text }
errata_moved = Pasa de { $from } a { $to }.
errata_renumbered = Antes { $from }; cambia de lugar entre los casos de su epígrafe.
errata_cell = Fila «{ $row }», columna «{ $column }»: { $old } → { $new }.
errata_cell_row = Fila «{ $row }»: { $old } → { $new }.
errata_row_added = Fila nueva: «{ $row }».
errata_row_removed = Se suprime la fila «{ $row }».
errata_value = { $field }: { $old } → { $new }.
errata_none = ninguno
errata_field_title = Título
errata_field_header = Líneas de cabecera
errata_field_note = Nota
errata_field_label = Nombre
errata_field_name = Nombre
errata_field_men = Hombres
errata_field_men-range = Hombres (horquilla)
errata_field_guns = Cañones
errata_field_quality = Calidad
errata_field_parent = Formación
errata_field_arrives = Llegada
errata_field_entry = Entrada por
errata_profile = Escala y unidad de juego (para las conversiones)
errata_field_represents = Fuerza contada en
errata_field_men-per = Hombres por figura o punto
errata_field_guns-per = Cañones por figura o punto
errata_field_level = Unidad de juego
errata_field_aggregate = Batallones de un mismo regimiento
errata_field_turn-minutes = Minutos por turno
errata_field_metres-per-cm = Metros por centímetro
errata_field_metres-per-hex = Metros por hexágono
errata_field_figures-per-base = Figuras por peana
errata_field_frontage-mm = Frente por figura (mm)
errata_field_largest-unit = Unidad más grande (figuras o puntos)
errata_level = { $level ->
    [regiment] regimiento
    [company] compañía
   *[battalion] batallón
}
errata_aggregate = { $aggregate ->
    [regiment] juegan como una sola unidad
   *[other] juegan por separado
}
errata_setup = Despliegue de { $who }: { $old } → { $new }.
errata_arrival = Llegada de { $who }: { $old } → { $new }.
errata_spot_turn = turno { $turn }, { $hex }
errata_spot_within = a { $within } { $within ->
    [one] hexágono
   *[other] hexágonos
} o menos de { $hex }
errata_reason = Motivo: { $reason }
errata_concordance = Casos que cambian de número
errata_concordance_note = Estos casos conservan su texto; cambian de número por los casos añadidos o suprimidos antes de ellos.
errata_old_number = Antes
errata_new_number = Ahora
errata_no_changes = Sin cambios.
errata_counter = Ficha: { $old } → { $new }.
errata_counter_back = Reverso de la ficha: { $old } → { $new }.
errata_formerly = { $place } ({ $edition })
errata_versions = Cambios de { $old } a { $new }
errata_working_copy = la copia de trabajo
errata_edition = edición { $edition }
errata_reprint = Para reimprimir
html_changed_in = cambia en la edición { $edition }
html_changed = cambia
