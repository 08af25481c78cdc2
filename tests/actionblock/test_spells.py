"""Cast Spell, the Spell Casting Stance, Channel Spell, Activate Spell, Echo Spell and
the small spell list (rule text steps 4 and 5; ghostrules-magic / -spelllist)."""

from game.engine.decisions import PICK
from game.rulesets.actionblock.components import Barrier, Casting, Ghost, Health, Points
from game.rulesets.actionblock.events import DamageRolled, Healed, SpellEvent
from game.rulesets.actionblock.health import knock_out, take_damage
from tests.actionblock.kit import answer, ascii_map, battle, events_of, offered, set_hp

NONE = "none"


def cast(b, target, spell, ghost, mods=NONE, recover=0):
    answer(b, "cast", target, spell=spell, ghost=ghost, speed_modifiers=mods, recover_strength=recover)


def test_cast_spell_invests_ghost_hp_and_sets_the_cast_time():
    """Cast Spell (5 Str, 5 Spd): Spell Ghost HP 1..Current Ghost HP, deducted at once;
    Remaining Spell Cast Time = the spell's (Elemental Spell: 3)."""
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [])
    me, foe = b.units()
    opt = b.pending.option("cast")
    assert opt.params["ghost"] == tuple(range(20, 0, -1))
    assert "elemental" in opt.params_for(foe)["spell"] and "gather_mist" not in opt.params_for(foe)["spell"]
    cast(b, foe, "elemental", 8)
    c = b.get(me, Casting)
    assert (c.spell, c.target, c.spell_ghost, c.remaining) == ("elemental", foe, 8, 3)
    assert b.get(me, Ghost).ghost == 12
    p = b.get(me, Points)
    assert (p.strength, p.speed) == (10 - 5, 14 - 5)
    assert "cast" not in offered(b) and "channel" in offered(b)


def test_channel_then_activate_elemental_spell():
    """Channel Spell (Offensive, 0/0) lowers the cast time by 1; at 0 Activate Spell
    (Bonus) deals 6d6 elemental damage, reduced by Spell Damage Reduction."""
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [6, 6, 6, 6, 6, 6])
    me, foe = b.units()
    cast(b, foe, "elemental", 8)
    for _ in range(3):
        answer(b, "channel")
        if b.get(me, Casting).remaining:
            answer(b, "end_turn")
            answer(b, "end_turn")
    assert "activate" in offered(b)
    answer(b, "activate")
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.base == 36 and dmg.reductions == (("Spell DR", 0),) and dmg.dealt == 36
    assert b.get(foe, Health).unconscious
    assert not b.has(me, Casting)


def test_damage_taken_and_points_used_weaken_the_spell():
    """While casting, damage taken and the Str + Spd of every action reduce the Spell
    Ghost HP; at 0 or less the spell is cancelled and nothing is refunded."""
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [])
    me, foe = b.units()
    cast(b, foe, "elemental", 5)
    answer(b, "sidestep", (0, 1), facing="moved")  # 1 Speed
    assert b.get(me, Casting).spell_ghost == 4
    take_damage(b, me, 4, "test")
    assert not b.has(me, Casting)
    assert "cancelled" in events_of(b, SpellEvent)[-1].text
    assert b.get(me, Ghost).ghost == 15


def test_shorten_spell_and_recover_ghost_hp_modifiers():
    """Shorten Spell 1 (+5 Spd) cuts the cast time by 1; Recover Ghost HP with Strength
    (+1 Str each) adds Spell Ghost HP."""
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [])
    me, foe = b.units()
    mods = b.pending.option("cast").params["speed_modifiers"]
    assert "Shorten Spell 1" in mods and "Shorten Spell 2" not in mods  # 5 + 15 Spd > 14
    cast(b, foe, "elemental", 3, "Shorten Spell 1", recover=2)
    c = b.get(me, Casting)
    assert (c.remaining, c.spell_ghost) == (2, 5)
    p = b.get(me, Points)
    assert (p.strength, p.speed) == (10 - 5 - 2, 14 - 5 - 5)


def _activate_elemental(b, me, foe):
    cast(b, foe, "elemental", 4, "Shorten Spell 1")  # cast time 3 − 1 = 2
    answer(b, "channel")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "channel")
    answer(b, "activate")


def test_echo_spell_only_in_the_block_of_activation():
    """Echo Spell (3 Str, 0 Spd): the same spell with the same Spell Ghost HP, only in
    the Action Block Activate Spell was used."""
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [1] * 6)
    me, foe = b.units()
    _activate_elemental(b, me, foe)
    opt = b.pending.option("echo")
    assert opt.params["spell"] == ("elemental",) and opt.params["ghost"] == (4,)
    strength = b.get(me, Points).strength
    answer(b, "echo", foe, spell="elemental", ghost=4, speed_modifiers=NONE, recover_strength=0)
    assert b.get(me, Points).strength == strength - 3
    assert b.get(me, Casting).echo and b.get(me, Ghost).ghost == 20 - 4 - 4


def test_no_echo_in_a_later_block():
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [1] * 6)
    me, foe = b.units()
    _activate_elemental(b, me, foe)
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert b.pending.option("echo") is None


def test_no_cast_without_ghost_hp():
    """Anyone with at least 1 Current Ghost HP can Cast Spell; with 0, nobody."""
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [])
    me, _ = b.units()
    b.get(me, Ghost).ghost = 0
    answer(b, "end_turn")
    answer(b, "end_turn")
    assert "cast" not in offered(b)


def test_health_recovery_heals_and_wakes_the_unconscious():
    """Health Recovery (cast 2): 6d6 health; [PROP] an Unconscious character healed
    above 0 fights on; the Dead cannot be healed."""
    b = battle([(1, "caster", 0, 0), (1, "slow", 1, 0), (2, "target", 9, 0)], [2] * 6)
    me, ally, foe = b.units()
    set_hp(b, ally, -3)
    knock_out(b, ally)
    cast(b, ally, "health_recovery", 2, "Shorten Spell 1")
    answer(b, "channel")
    answer(b, "activate")
    healed = events_of(b, Healed)[-1]
    assert healed.amount == 12 and b.get(ally, Health).hp == 9
    assert b.active(ally) and not b.get(ally, Health).unconscious


def test_spell_barrier_absorbs_tesla_damage():
    """Spell Barrier: absorbs 30 spell or elemental damage (a Tesla's damage is spell
    damage, reduced by Spell DR, not PDR)."""
    b = battle([(1, "tesla_gunner", 0, 0), (2, "target", 3, 0)], [6, 6, 6, 6])
    me, foe = b.units()
    b.add(foe, Barrier(4, 99))
    answer(b, "gun", foe, weapon="tesla_pistol")  # no Block prompt: a Block cannot help
    dmg = events_of(b, DamageRolled)[-1]
    assert dmg.reductions == (("Spell DR", 0),)
    assert dmg.critical and dmg.absorbed == 4 and dmg.dealt == 2 * (11 + 2) - 4
    assert b.get(foe, Barrier).left == 0


def test_gale_burst_knocks_back_and_walls_hurt():
    """Gale Burst: everyone else within 45 ft is knocked back 30 ft away from the
    caster; stopped by a wall, 1 damage per foot left, reduced by PDR."""
    tmap = ascii_map(["..........#.....",
                      "................"])
    b = battle([(1, "caster", 0, 0), (2, "target", 8, 0), (2, "slow", 3, 0)], [], tmap=tmap)
    me, foe, other = b.units()
    cast(b, me, "gale_burst", 2, "Shorten Spell 1")
    answer(b, "channel")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "end_turn")
    answer(b, "channel")
    answer(b, "activate")
    assert b.tile(foe) == (9, 0)  # the farthest first: one step, then the wall
    assert b.get(foe, Health).hp == 20 - (25 - 2)  # 25 ft left − PDR 2
    assert b.tile(other) == (8, 0)  # 25 ft, then the fallen target stops it
    assert b.get(other, Health).hp == 18 - (5 - 2)


def test_redirect_when_the_target_moved():
    """If the target moved, the caster may redirect: 1 Spell Ghost HP per 5 ft."""
    b = battle([(1, "caster", 0, 0), (2, "target", 5, 0)], [1] * 6)
    me, foe = b.units()
    cast(b, foe, "elemental", 6, "Shorten Spell 1")
    answer(b, "channel")
    answer(b, "end_turn")
    answer(b, "sidestep", (5, 1), facing="moved")
    answer(b, "end_turn")
    answer(b, "channel")
    answer(b, "activate")
    assert b.pending.kind == PICK and b.pending.context["cost"] == 1
    answer(b, "redirect")
    assert events_of(b, DamageRolled)[-1].target == foe


def test_gather_mist_restores_ghost_hp():
    from game.rulesets.actionblock.events import StatChanged
    b = battle([(1, "caster", 0, 0), (2, "target", 9, 0)], [])
    me, _ = b.units()
    cast(b, me, "gather_mist", 5, "Shorten Spell 1")  # cast time 2 − 1
    answer(b, "channel")
    answer(b, "activate")
    assert b.get(me, Ghost).ghost == 20
    assert events_of(b, StatChanged)[-1].stat == "Current Ghost HP"


def test_healing_word():
    """Healing Word (rank 2): 2d6 Current Health Points to self or an ally within 30 ft."""
    b = battle([(1, "mystic", 0, 0), (1, "slow", 6, 0), (1, "slow", 7, 1), (2, "target", 9, 9)],
               [1, 1, 1, 2, 2, 2,   # the two slow allies tie: a roll-off
                4, 5])
    me, near, far, foe = b.units()
    set_hp(b, near, 5)
    opt = b.pending.option("healing_word")
    assert set(opt.targets) == {me, near}  # 30 ft = 6 tiles; 35 ft is too far
    answer(b, "healing_word", near)
    assert b.get(near, Health).hp == 5 + 9


def test_block_stances_ignore_knock_back():
    """Block / Heavy / Super Block ignore 5 / 10 / 20 ft of knock-back: a Heavy Block
    Stance turns Gale Burst's 30 ft into 20 ft."""
    from game.rulesets.actionblock.components import Stance
    b = battle([(1, "caster", 0, 0), (2, "target", 2, 0)], [])
    me, foe = b.units()
    cast(b, me, "gale_burst", 2, "Shorten Spell 1")
    answer(b, "channel")
    answer(b, "end_turn")
    answer(b, "stance", kind="heavy_block")
    answer(b, "end_turn")
    answer(b, "channel")
    answer(b, "activate")
    assert b.get(foe, Stance).level == 2
    assert b.tile(foe) == (6, 0)  # 20 ft from (2, 0)
