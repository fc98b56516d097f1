/*  driver.pl (Go's part of the driver, after src/grade/prolog/engine.pl): runs a student's Go program (`proylcc.pl`) for the grader.

    The program under test defines, as the 2019 assignment asks,

        emptyBoard(-Board)
        goMove(+Board, +Player, +Pos, -NewBoard)        Pos = [Row, Col], 0-based
        finDelJuego(+Board, -PuntajeNegras, -PuntajeBlancas)

    where Board is a list of 19 rows of 19 cells, each "-", "b" or "w"
    (strings) or -, b, w (atoms).

    INVOCATION

        swipl -f none --no-packs driver.pl -- [OPTION...] STUDENT.pl

    The `--` is required: without it swipl loads every `*.pl` argument as a
    script of its own.  Options (all optional):

        --time=SECONDS         CPU-time limit of each query (default 5;
                               0 = none): the query's thread may use that
                               much CPU time, and wait at most --stretch
                               times as long by the wall clock (see
                               LIMITS below)
        --stretch=N            how many times --time a query may last by
                               the wall clock while it is busy but short
                               of a core (default 4; 1 = --time is a
                               plain wall-clock limit)
        --inferences=N         inference limit of each query (default
                               50000000, about 2 s of SWI-Prolog; 0 = none).
                               Unlike time it does not depend on the load of
                               the machine, so with the defaults it is the
                               limit that normally stops a runaway program.
        --load-inferences=N    inference limit for loading the file, directives
                               included (default 100000000; 0 = none)
        --load-time=SECONDS    wall-clock limit for loading the file (default
                               10).  SWI-Prolog defers signals while it loads
                               a file, so this one is only checked when the
                               load ends: a looping directive is stopped by
                               --load-inferences, a blocked one only by the
                               caller's own clock.
        --stack-limit=MIB      Prolog stack limit (default 256)
        --lenient-load         keep going after syntax errors (the clauses
                               that did read stay loaded)
        --graded=PI:NAME:ORDER a candidate for predicate PI of the
                               assignment (finDelJuego/3:puntajeFinal:1,3,2:
                               puntajeFinal(Board, Blancas, Negras) answers
                               finDelJuego(Board, Negras, Blancas); ORDER
                               says which of PI's arguments goes in each of
                               NAME's places).  Repeatable; a PI with
                               candidates is graded as the first of them,
                               in order, that the file defines, and only
                               those are tried (give PI's own name first
                               to try it first); a PI without any as its
                               own name.

    PROTOCOL

    Everything is ASCII, one line per message, fields separated by one
    space.  Standard output carries nothing but these lines.

    First line, once the file is loaded:

        hello driver=go/1 swipl=V cells=C empty_board=S module=M
              predicates=P encoding=E out=N load_us=N load_warnings=N
              load_errors=N [message=TEXT]

      (one line).  C is strings | atoms | unknown: the cell representation,
      read from the cells of the student's emptyBoard/1 (unknown when that
      predicate is missing, does not succeed, or its cells are neither all
      strings nor all atoms).  S is the outcome of that call: ok | fail |
      error | timeout | missing.  M is the module the file defines (user for
      a file without a module header).  P lists the defined predicates of
      emptyBoard/1, goMove/4, finDelJuego/3, comma-separated, or `none`.
      With --graded, P lists the predicates of the assignment that a
      candidate answers, and ` renamed=PI:NAME:ORDER;...` (after
      load_errors) says which candidate that is, for those not graded
      under their own name and order.
      E is the encoding the file was read in: utf8 when it is valid UTF-8,
      else iso_latin_1 (the locale is not used).
      out counts the characters the file printed while loading.
      load_warnings / load_errors count the compiler's messages (singleton
      variables, failed directives, ...); message is the first of them
      (errors before warnings).

    Or, when the file cannot be used, instead of hello (and then exit):

        fatal CODE message=TEXT

      CODE                  exit status
      usage                 2   bad driver arguments
      missing-file          2   the student file does not exist or is unreadable
      syntax-error          1   (not with --lenient-load)
      load-timeout          1   loading ran past --load-inferences or --load-time
      load-error            1   loading raised an exception of its own
      driver-error          2   a fault of the driver itself (a bug)

    Then one query per line on standard input; one answer line per query,
    in order.  ID is any token without spaces, echoed back.  BOARD is 361
    characters, row by row from the top left: `.` empty, `b` black,
    `w` white.  CELLS is strings | atoms | auto (auto = the detected
    representation; when that is unknown, strings are tried first and then
    atoms, and the first representation that gives an `ok` is kept for the
    rest of the run).  PLAYER is b | w.

        move ID CELLS PLAYER ROW COL BOARD    goMove(Board, Player, [Row,Col], New)
        score ID CELLS BOARD                  finDelJuego(Board, Black, White)
        empty ID                              emptyBoard(Board)
        quit                                  exit 0 (as does end of input)

    Answers (STATS is `cells=C tries=N out=N us=N cpu_us=N inferences=N`: the
    representation given to the program, `-` for empty; how many
    representations were tried (2 only under auto with an unknown
    representation when strings did not give ok; then the strings answer is
    the one reported unless atoms gave ok); characters the program printed;
    wall time, CPU time (of the driver's thread; well under the wall time
    when the machine is busy) in microseconds, and inferences of the
    reported attempt):

        ok ID BOARD STATS result_cells=strings|atoms|mixed      move, empty
        ok ID BLACK WHITE STATS                                  score (integers)
        fail ID STATS                                            the goal failed
        timeout ID STATS limit=time|inferences
        error ID STATS message=TEXT                              an exception
        bad ID STATS message=TEXT                                malformed result
        missing ID predicate=NAME/ARITY [message=TEXT]           not defined
                                        (TEXT: what the file defines
                                        instead: the same name with other
                                        arities, then predicates of the
                                        same arity, exported first; at
                                        most 8, comma-separated)
        invalid ID message=TEXT         the query line was not understood
                                        (ID is `-` when it could not be read)

    TEXT runs to the end of the line: at most 240 characters of the
    original, then `...` when cut; `\` is written `\\`, newline `\n`,
    carriage return `\r`, tab `\t`, and any other character outside
    printable ASCII `\u{HEX}`.

    A move answer is `ok` when the program returned a 19x19 list of valid
    cells (strings and atoms both accepted, mixed ones too; result_cells
    says which); anything else is `bad`, with a short description.  A score
    is `ok` when both numbers are integers (an integral float counts);
    an unevaluated expression such as 3+4 is `bad`.  Only the first
    solution of each goal is used.  Each goal runs in a snapshot (snapshot/1): what it asserts or
    retracts is undone when it ends, so every query finds the program's
    database as loading left it (global variables are not undone).

    WHAT THE PROGRAM CANNOT DO

    - Clash with the driver: the driver's predicates live in this module,
      and its global variables are named `asalto_go_driver.*`; the grader
      writes this file with the module name (and so those names) ending
      in a random suffix of its own, so that a program that defines or
      calls predicates of the same names, uses global variables of the
      same names (go_out, go_cells, ...), or is itself a module named
      asalto_go_driver neither breaks nor fools it.  (A program that
      looks for the driver by reflection, current_module/1 or
      nb_current/2, can still reach it: names are not a sandbox.)

    - Corrupt the protocol: its current output goes to a stream that
      counts the characters and drops them (reported as out=N, also when
      the program closes it); the alias user_output points at standard
      error; user_input is an empty stream (reads give end_of_file).
    - Stop the driver with halt/0,1: calls of halt written in the file are
      compiled as a call that fails, and the answer is
      `error ... message=called halt/1 (refused)`.  During loading it
      counts as a load warning.  (A halt reached through call/N is not
      caught; the caller then sees the process end without an answer.)
      Likewise abort/0 is answered `error ... message=called abort/0`.
    LIMITS

    The time limit is an alarm at --time seconds by the wall clock.  When
    it rings, a query that used less CPU time than --time, and had the
    CPU for at least a tenth of the time since the last ring (busy, but
    short of a core on a loaded machine), gets the alarm again when it
    could have used the rest, until it used --time of CPU time or ran
    --stretch times --time by the wall clock; a query that had no CPU to
    speak of (asleep: blocked, sleeping) is stopped at the first ring, as
    is one that used its time.  So on an idle machine nothing changes,
    and on a loaded one a correct program is not stopped because other
    programs had the cores; the inference limit does not depend on the
    load at all.  The grader stretches its own wait the same way.

    - Turn a timeout into a failure: once the time limit fired, the answer
      is `timeout` whatever the goal did after; the alarm repeats every
      0.25 s until the goal ends.
    - Turn an inference-limit stop into a failure: a goal that used the
      whole inference budget is answered `timeout ... limit=inferences`.

    A program that catches every exception inside a loop can still keep a
    query running forever (the time and inference limits are exceptions in
    SWI-Prolog), and so can one that blocks (sleep/1) while loading; the
    caller must therefore keep its own wall-clock limit per query (time
    limit x tries + a grace period) and kill and restart the driver when it
    passes it.  SIGTERM and SIGKILL end the driver at any time.
*/

%   After loading: the cell representation, from emptyBoard/1, and hello.
game_loaded(Module, Stats) :-
    detect_cells(Cells, EmptyStatus),
    nb_setval('asalto_prolog_driver.cells', Cells),
    format(string(Fields), "cells=~w empty_board=~w", [Cells, EmptyStatus]),
    hello('go/1', Fields, Module, Stats).

detect_cells(Cells, Status) :-
    (   graded_defined(emptyBoard/1)
    ->  nb_getval('asalto_prolog_driver.time', Secs),
        nb_getval('asalto_prolog_driver.inferences', Infs),
        graded_goal(emptyBoard(B), Goal),
        run_limited(isolated(Goal), Secs, Infs, Result, _),
        result_status(Result, Status),
        (   Status == ok, board_cell_kind(B, Kind)
        ->  Cells = Kind
        ;   Cells = unknown
        )
    ;   Status = missing,
        Cells = unknown
    ).

result_status(true, ok).
result_status(false, fail).
result_status(exception(_), error).
result_status(timeout(_), timeout).

%   strings or atoms when every cell of a list of lists is one of them.
board_cell_kind(B, Kind) :-
    is_list(B),
    B \== [],
    maplist(is_list, B),
    append(B, Cells),
    Cells \== [],
    (   maplist(string, Cells)
    ->  Kind = strings
    ;   maplist(atom, Cells)
    ->  Kind = atoms
    ).

parse_query(["move", Id, CellsS, PlayerS, RS, CS, BoardS],
            move(Id, Cells, Player, R, C, Board)) :-
    cells_arg(CellsS, Cells),
    player_arg(PlayerS, Player),
    int_arg(RS, R),
    int_arg(CS, C),
    board_arg(BoardS, Board).
parse_query(["score", Id, CellsS, BoardS], score(Id, Cells, Board)) :-
    cells_arg(CellsS, Cells),
    board_arg(BoardS, Board).
parse_query(["empty", Id], empty(Id)).

query_problem(["move"|Args], P) :- !,
    (   Args = [_, CellsS, PlayerS, RS, CS, BoardS]
    ->  arg_problem([cells-CellsS, player-PlayerS, row-RS, col-CS, board-BoardS], P)
    ;   P = "move needs: move ID CELLS PLAYER ROW COL BOARD"
    ).
query_problem(["score"|Args], P) :- !,
    (   Args = [_, CellsS, BoardS]
    ->  arg_problem([cells-CellsS, board-BoardS], P)
    ;   P = "score needs: score ID CELLS BOARD"
    ).
query_problem(["empty"|_], "empty needs: empty ID") :- !.
query_problem([Cmd|_], P) :-
    format(string(P), "unknown query `~w' (move, score, empty or quit)", [Cmd]).

arg_ok(cells, S) :- cells_arg(S, _).
arg_ok(player, S) :- player_arg(S, _).
arg_ok(row, S) :- int_arg(S, _).
arg_ok(col, S) :- int_arg(S, _).
arg_ok(board, S) :- board_arg(S, _).

arg_expect(cells, "strings, atoms or auto").
arg_expect(player, "b or w").
arg_expect(row, "an integer").
arg_expect(col, "an integer").
arg_expect(board, "361 characters of . b w").

cells_arg("strings", strings).
cells_arg("atoms", atoms).
cells_arg("auto", auto).

player_arg("b", b).
player_arg("w", w).

board_arg(S, Chars) :-
    string_length(S, 361),
    string_chars(S, Chars),
    maplist(board_char, Chars).

board_char('.').
board_char(b).
board_char(w).

%   Cells as the program expects them.
cell(strings, '.', "-").
cell(strings, b, "b").
cell(strings, w, "w").
cell(atoms, '.', -).
cell(atoms, b, b).
cell(atoms, w, w).

to_board(Style, Chars, Rows) :-
    maplist(cell(Style), Chars, Cells),
    rows(Cells, Rows).

rows([], []).
rows(Cells, [Row|Rows]) :-
    length(Row, 19),
    append(Row, Rest, Cells),
    rows(Rest, Rows).

player_cell(strings, b, "b").
player_cell(strings, w, "w").
player_cell(atoms, b, b).
player_cell(atoms, w, w).

answer(empty(Id)) :-
    (   graded_defined(emptyBoard/1)
    ->  limits(Secs, Infs),
        graded_goal(emptyBoard(B), Goal),
        run_limited(isolated(Goal), Secs, Infs, R, Stats),
        outcome(board, R, B, '-', Stats, Outcome),
        report(Id, Outcome, 1)
    ;   missing(Id, emptyBoard/1)
    ).
answer(move(Id, CellsArg, Player, R, C, Board)) :-
    (   graded_defined(goMove/4)
    ->  styles(CellsArg, Styles),
        attempt(Styles, move_goal(Player, R, C, Board), board, Id)
    ;   missing(Id, goMove/4)
    ).
answer(score(Id, CellsArg, Board)) :-
    (   graded_defined(finDelJuego/3)
    ->  styles(CellsArg, Styles),
        attempt(Styles, score_goal(Board), score, Id)
    ;   missing(Id, finDelJuego/3)
    ).

assignment_predicate(emptyBoard/1).
assignment_predicate(goMove/4).
assignment_predicate(finDelJuego/3).

:- public move_goal/7, score_goal/4.
move_goal(Player, R, C, Chars, Style, Goal, New) :-
    to_board(Style, Chars, Board),
    player_cell(Style, Player, P),
    graded_goal(goMove(Board, P, [R, C], New), Goal).
score_goal(Chars, Style, Goal, B-W) :-
    to_board(Style, Chars, Board),
    graded_goal(finDelJuego(Board, B, W), Goal).

check_answer(board, Board, board(String, Kind)) :-
    board_string(Board, String, Kind).
check_answer(score, B-W, score(BI, WI)) :-
    score_value(B, BI),
    score_value(W, WI).

score_value(X, X) :-
    integer(X), !.
score_value(X, I) :-
    float(X),
    X =:= float_integer_part(X),
    abs(X) < 1.0e15,
    I is integer(X).

ok_line(board(Board, Kind), Id, S, L) :-
    format(string(L), "ok ~w ~w ~w result_cells=~w", [Id, Board, S, Kind]).
ok_line(score(B, W), Id, S, L) :-
    format(string(L), "ok ~w ~d ~d ~w", [Id, B, W, S]).

                 /*******************************
                 *      CHECKING THE ANSWER     *
                 *******************************/

%   The 361-character board and whether its cells were strings, atoms or
%   both.  Fails unless Board is 19 rows of 19 valid cells.
board_string(Board, String, Kind) :-
    is_list(Board),
    length(Board, 19),
    maplist(valid_row, Board),
    append(Board, Cells),
    maplist(cell_char, Cells, Chars, Kinds),
    string_chars(String, Chars),
    sort(Kinds, Ks),
    (   Ks = [K]
    ->  Kind = K
    ;   Kind = mixed
    ).

valid_row(Row) :-
    is_list(Row),
    length(Row, 19).

cell_char(Cell, Char, Kind) :-
    nonvar(Cell),
    cell_char_(Cell, Char, Kind).

cell_char_("-", '.', strings).
cell_char_("b", b, strings).
cell_char_("w", w, strings).
cell_char_(-, '.', atoms).
cell_char_(b, b, atoms).
cell_char_(w, w, atoms).

describe_bad(score, B-W, Why) :-
    (   \+ score_value(B, _)
    ->  term_text(B, T),
        format(string(Why), "the black score (PuntajeNegras) is ~w, not an integer", [T])
    ;   term_text(W, T),
        format(string(Why), "the white score (PuntajeBlancas) is ~w, not an integer", [T])
    ).
describe_bad(board, Board, Why) :-
    board_problem(Board, Why).

board_problem(B, Why) :-
    var(B), !,
    Why = "the new board is an unbound variable".
board_problem(B, Why) :-
    \+ is_list(B), !,
    term_text(B, T),
    format(string(Why), "the new board is not a list: ~w", [T]).
board_problem(B, Why) :-
    length(B, N),
    N =\= 19, !,
    (   N =:= 361, maplist(cell_like, B)
    ->  Why = "the new board is a flat list of 361 cells, not 19 rows of 19"
    ;   format(string(Why), "the new board has ~d rows, not 19", [N])
    ).
board_problem(B, Why) :-
    nth0(R, B, Row),
    row_problem(R, Row, Why), !.
board_problem(B, Why) :-
    term_text(B, T),
    format(string(Why), "the new board is not valid: ~w", [T]).

cell_like(X) :- nonvar(X), cell_char_(X, _, _).

row_problem(R, Row, Why) :-
    var(Row), !,
    format(string(Why), "row ~d (from 0) is an unbound variable", [R]).
row_problem(R, Row, Why) :-
    \+ is_list(Row), !,
    term_text(Row, T),
    format(string(Why), "row ~d (from 0) is not a list: ~w", [R, T]).
row_problem(R, Row, Why) :-
    length(Row, N),
    N =\= 19, !,
    format(string(Why), "row ~d (from 0) has ~d cells, not 19", [R, N]).
row_problem(R, Row, Why) :-
    nth0(C, Row, Cell),
    \+ cell_like(Cell), !,
    (   var(Cell)
    ->  format(string(Why), "cell [~d,~d] is an unbound variable", [R, C])
    ;   term_text(Cell, T),
        format(string(Why), "cell [~d,~d] is ~w, not \"-\", \"b\" or \"w\"", [R, C, T])
    ).
