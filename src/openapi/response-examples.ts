// Written by `npm run openapi` from the service's own answers to the request
// examples (scripts/openapi.ts); test/contract/examples.test.ts checks they still match.
export const RESPONSE_EXAMPLES: Record<string, Record<string, { status: number, value: unknown }>> = {
  "rollDice": {
    "seeded": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "notation": "4d6+2",
        "total": 21,
        "terms": [
          {
            "term": "+4d6",
            "dice": [
              5,
              6,
              2,
              6
            ],
            "subtotal": 19
          },
          {
            "term": "+2",
            "dice": [],
            "subtotal": 2
          }
        ],
        "rolls": [
          {
            "purpose": "dice",
            "die": 6,
            "result": 5
          },
          {
            "purpose": "dice",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "dice",
            "die": 6,
            "result": 2
          },
          {
            "purpose": "dice",
            "die": 6,
            "result": 6
          }
        ],
        "seed": "s1"
      }
    },
    "fixed-dice": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "notation": "4d6+2",
        "total": 26,
        "terms": [
          {
            "term": "+4d6",
            "dice": [
              6,
              6,
              6,
              6
            ],
            "subtotal": 24
          },
          {
            "term": "+2",
            "dice": [],
            "subtotal": 2
          }
        ],
        "rolls": [
          {
            "purpose": "dice",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "dice",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "dice",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "dice",
            "die": 6,
            "result": 6
          }
        ],
        "seed": "s2"
      }
    }
  },
  "resolveAttack": {
    "single-attack": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "demo",
        "attacks": [
          {
            "label": "primary 1",
            "attackBonus": 15,
            "attackBreakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 11,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 3,
                "applied": true
              },
              {
                "source": "longsword enhancement",
                "type": "enhancement",
                "value": 1,
                "applied": true
              }
            ],
            "targetAC": 16,
            "acType": "normal",
            "acBreakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": -1,
                "applied": true
              },
              {
                "source": "armor",
                "type": "armor",
                "value": 3,
                "applied": true
              },
              {
                "source": "natural armor",
                "type": "natural-armor",
                "value": 5,
                "applied": true
              },
              {
                "source": "size (large)",
                "type": "size",
                "value": -1,
                "applied": true
              }
            ],
            "roll": 10,
            "total": 25,
            "hit": true,
            "threat": false,
            "critical": false,
            "confirmation": null,
            "missChance": null,
            "damage": {
              "total": 5,
              "lethal": 5,
              "nonlethal": 0,
              "multiplier": 1,
              "breakdown": [
                {
                  "source": "longsword 1d8",
                  "type": "untyped",
                  "value": 1,
                  "applied": true
                },
                {
                  "source": "Strength",
                  "type": "untyped",
                  "value": 3,
                  "applied": true
                },
                {
                  "source": "longsword enhancement",
                  "type": "enhancement",
                  "value": 1,
                  "applied": true
                }
              ]
            }
          }
        ],
        "totals": {
          "damage": 5,
          "lethal": 5,
          "nonlethal": 0,
          "hits": 1,
          "criticals": 0
        },
        "coupDeGrace": null,
        "rolls": [
          {
            "purpose": "attack",
            "die": 20,
            "result": 10
          },
          {
            "purpose": "damage",
            "die": 8,
            "result": 1
          }
        ]
      }
    },
    "full-attack-two-weapons": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "demo-full",
        "attacks": [
          {
            "label": "primary 1",
            "attackBonus": 12,
            "attackBreakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 11,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 3,
                "applied": true
              },
              {
                "source": "two-weapon fighting (primary hand)",
                "type": "untyped",
                "value": -2,
                "applied": true
              }
            ],
            "targetAC": 16,
            "acType": "normal",
            "acBreakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": -1,
                "applied": true
              },
              {
                "source": "armor",
                "type": "armor",
                "value": 3,
                "applied": true
              },
              {
                "source": "natural armor",
                "type": "natural-armor",
                "value": 5,
                "applied": true
              },
              {
                "source": "size (large)",
                "type": "size",
                "value": -1,
                "applied": true
              }
            ],
            "roll": 17,
            "total": 29,
            "hit": true,
            "threat": false,
            "critical": false,
            "confirmation": null,
            "missChance": null,
            "damage": {
              "total": 8,
              "lethal": 8,
              "nonlethal": 0,
              "multiplier": 1,
              "breakdown": [
                {
                  "source": "longsword 1d8",
                  "type": "untyped",
                  "value": 5,
                  "applied": true
                },
                {
                  "source": "Strength",
                  "type": "untyped",
                  "value": 3,
                  "applied": true
                }
              ]
            }
          },
          {
            "label": "primary 2",
            "attackBonus": 7,
            "attackBreakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 11,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 3,
                "applied": true
              },
              {
                "source": "two-weapon fighting (primary hand)",
                "type": "untyped",
                "value": -2,
                "applied": true
              },
              {
                "source": "iterative attack 2",
                "type": "untyped",
                "value": -5,
                "applied": true
              }
            ],
            "targetAC": 16,
            "acType": "normal",
            "acBreakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": -1,
                "applied": true
              },
              {
                "source": "armor",
                "type": "armor",
                "value": 3,
                "applied": true
              },
              {
                "source": "natural armor",
                "type": "natural-armor",
                "value": 5,
                "applied": true
              },
              {
                "source": "size (large)",
                "type": "size",
                "value": -1,
                "applied": true
              }
            ],
            "roll": 12,
            "total": 19,
            "hit": true,
            "threat": false,
            "critical": false,
            "confirmation": null,
            "missChance": null,
            "damage": {
              "total": 11,
              "lethal": 11,
              "nonlethal": 0,
              "multiplier": 1,
              "breakdown": [
                {
                  "source": "longsword 1d8",
                  "type": "untyped",
                  "value": 8,
                  "applied": true
                },
                {
                  "source": "Strength",
                  "type": "untyped",
                  "value": 3,
                  "applied": true
                }
              ]
            }
          },
          {
            "label": "primary 3",
            "attackBonus": 2,
            "attackBreakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 11,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 3,
                "applied": true
              },
              {
                "source": "two-weapon fighting (primary hand)",
                "type": "untyped",
                "value": -2,
                "applied": true
              },
              {
                "source": "iterative attack 3",
                "type": "untyped",
                "value": -10,
                "applied": true
              }
            ],
            "targetAC": 16,
            "acType": "normal",
            "acBreakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": -1,
                "applied": true
              },
              {
                "source": "armor",
                "type": "armor",
                "value": 3,
                "applied": true
              },
              {
                "source": "natural armor",
                "type": "natural-armor",
                "value": 5,
                "applied": true
              },
              {
                "source": "size (large)",
                "type": "size",
                "value": -1,
                "applied": true
              }
            ],
            "roll": 5,
            "total": 7,
            "hit": false,
            "threat": false,
            "critical": false,
            "confirmation": null,
            "missChance": null,
            "damage": null
          },
          {
            "label": "off-hand 1",
            "attackBonus": 12,
            "attackBreakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 11,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 3,
                "applied": true
              },
              {
                "source": "two-weapon fighting (off hand)",
                "type": "untyped",
                "value": -2,
                "applied": true
              }
            ],
            "targetAC": 16,
            "acType": "normal",
            "acBreakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": -1,
                "applied": true
              },
              {
                "source": "armor",
                "type": "armor",
                "value": 3,
                "applied": true
              },
              {
                "source": "natural armor",
                "type": "natural-armor",
                "value": 5,
                "applied": true
              },
              {
                "source": "size (large)",
                "type": "size",
                "value": -1,
                "applied": true
              }
            ],
            "roll": 12,
            "total": 24,
            "hit": true,
            "threat": false,
            "critical": false,
            "confirmation": null,
            "missChance": null,
            "damage": {
              "total": 3,
              "lethal": 3,
              "nonlethal": 0,
              "multiplier": 1,
              "breakdown": [
                {
                  "source": "short sword 1d6",
                  "type": "untyped",
                  "value": 2,
                  "applied": true
                },
                {
                  "source": "Strength (off hand, ½)",
                  "type": "untyped",
                  "value": 1,
                  "applied": true
                }
              ]
            }
          }
        ],
        "totals": {
          "damage": 22,
          "lethal": 22,
          "nonlethal": 0,
          "hits": 3,
          "criticals": 0
        },
        "coupDeGrace": null,
        "rolls": [
          {
            "purpose": "attack",
            "die": 20,
            "result": 17
          },
          {
            "purpose": "damage",
            "die": 8,
            "result": 5
          },
          {
            "purpose": "attack",
            "die": 20,
            "result": 12
          },
          {
            "purpose": "damage",
            "die": 8,
            "result": 8
          },
          {
            "purpose": "attack",
            "die": 20,
            "result": 5
          },
          {
            "purpose": "attack",
            "die": 20,
            "result": 12
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 2
          }
        ]
      }
    }
  },
  "attackOdds": {
    "greatsword": {
      "status": 200,
      "value": {
        "ruleset": "pf1e",
        "attacks": [
          {
            "label": "primary 1",
            "attackBonus": 14,
            "attackBreakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 11,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 3,
                "applied": true
              }
            ],
            "targetAC": 16,
            "acType": "normal",
            "hitChance": 0.95,
            "critChance": 0.095,
            "expectedDamage": 11.495,
            "damageDistribution": [
              {
                "damage": 0,
                "probability": 0.050000000000000044
              },
              {
                "damage": 6,
                "probability": 0.023749999999999997
              },
              {
                "damage": 7,
                "probability": 0.047499999999999994
              },
              {
                "damage": 8,
                "probability": 0.07125
              },
              {
                "damage": 9,
                "probability": 0.09499999999999999
              },
              {
                "damage": 10,
                "probability": 0.11874999999999998
              },
              {
                "damage": 11,
                "probability": 0.1425
              },
              {
                "damage": 12,
                "probability": 0.11882330246913578
              },
              {
                "damage": 13,
                "probability": 0.0952932098765432
              },
              {
                "damage": 14,
                "probability": 0.071983024691358
              },
              {
                "damage": 15,
                "probability": 0.048966049382716044
              },
              {
                "damage": 16,
                "probability": 0.02631558641975308
              },
              {
                "damage": 17,
                "probability": 0.004104938271604938
              },
              {
                "damage": 18,
                "probability": 0.005864197530864197
              },
              {
                "damage": 19,
                "probability": 0.007623456790123455
              },
              {
                "damage": 20,
                "probability": 0.009162808641975308
              },
              {
                "damage": 21,
                "probability": 0.010262345679012344
              },
              {
                "damage": 22,
                "probability": 0.01070216049382716
              },
              {
                "damage": 23,
                "probability": 0.010262345679012342
              },
              {
                "damage": 24,
                "probability": 0.009162808641975306
              },
              {
                "damage": 25,
                "probability": 0.007623456790123455
              },
              {
                "damage": 26,
                "probability": 0.005864197530864197
              },
              {
                "damage": 27,
                "probability": 0.004104938271604939
              },
              {
                "damage": 28,
                "probability": 0.0025655864197530872
              },
              {
                "damage": 29,
                "probability": 0.0014660493827160506
              },
              {
                "damage": 30,
                "probability": 0.0007330246913580263
              },
              {
                "damage": 31,
                "probability": 0.0002932098765432112
              },
              {
                "damage": 32,
                "probability": 0.0000733024691358028
              }
            ]
          }
        ],
        "expectedDamage": 11.495,
        "distribution": [
          {
            "damage": 0,
            "probability": 0.050000000000000044
          },
          {
            "damage": 6,
            "probability": 0.023749999999999997
          },
          {
            "damage": 7,
            "probability": 0.047499999999999994
          },
          {
            "damage": 8,
            "probability": 0.07125
          },
          {
            "damage": 9,
            "probability": 0.09499999999999999
          },
          {
            "damage": 10,
            "probability": 0.11874999999999998
          },
          {
            "damage": 11,
            "probability": 0.1425
          },
          {
            "damage": 12,
            "probability": 0.11882330246913578
          },
          {
            "damage": 13,
            "probability": 0.0952932098765432
          },
          {
            "damage": 14,
            "probability": 0.071983024691358
          },
          {
            "damage": 15,
            "probability": 0.048966049382716044
          },
          {
            "damage": 16,
            "probability": 0.02631558641975308
          },
          {
            "damage": 17,
            "probability": 0.004104938271604938
          },
          {
            "damage": 18,
            "probability": 0.005864197530864197
          },
          {
            "damage": 19,
            "probability": 0.007623456790123455
          },
          {
            "damage": 20,
            "probability": 0.009162808641975308
          },
          {
            "damage": 21,
            "probability": 0.010262345679012344
          },
          {
            "damage": 22,
            "probability": 0.01070216049382716
          },
          {
            "damage": 23,
            "probability": 0.010262345679012342
          },
          {
            "damage": 24,
            "probability": 0.009162808641975306
          },
          {
            "damage": 25,
            "probability": 0.007623456790123455
          },
          {
            "damage": 26,
            "probability": 0.005864197530864197
          },
          {
            "damage": 27,
            "probability": 0.004104938271604939
          },
          {
            "damage": 28,
            "probability": 0.0025655864197530872
          },
          {
            "damage": 29,
            "probability": 0.0014660493827160506
          },
          {
            "damage": 30,
            "probability": 0.0007330246913580263
          },
          {
            "damage": 31,
            "probability": 0.0002932098765432112
          },
          {
            "damage": 32,
            "probability": 0.0000733024691358028
          }
        ],
        "dropChance": 0.0010995370370370401,
        "killChance": 0
      }
    }
  },
  "resolveTurning": {
    "turn-undead": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "sunrise",
        "action": "turn",
        "effectiveLevel": 3,
        "usesPerDay": {
          "total": 4,
          "breakdown": [
            {
              "source": "base",
              "type": "untyped",
              "value": 3,
              "applied": true
            },
            {
              "source": "Charisma",
              "type": "untyped",
              "value": 1,
              "applied": true
            }
          ]
        },
        "results": [
          {
            "id": "zombie-1",
            "outcome": "turned",
            "reason": "flees for 10 rounds (cowers if it cannot flee)",
            "durationRounds": 10,
            "effectiveHitDice": 2,
            "hitDiceSpent": 2
          },
          {
            "id": "zombie-2",
            "outcome": "turned",
            "reason": "flees for 10 rounds (cowers if it cannot flee)",
            "durationRounds": 10,
            "effectiveHitDice": 2,
            "hitDiceSpent": 2
          },
          {
            "id": "wight",
            "outcome": "unaffected",
            "reason": "4 effective HD is above the 2 HD this check affects",
            "durationRounds": null,
            "effectiveHitDice": 4,
            "hitDiceSpent": 0
          }
        ],
        "rolls": [
          {
            "purpose": "turning-check",
            "die": 20,
            "result": 8
          },
          {
            "purpose": "turning-damage",
            "die": 6,
            "result": 3
          },
          {
            "purpose": "turning-damage",
            "die": 6,
            "result": 4
          }
        ],
        "turningCheck": {
          "roll": 8,
          "modifier": 1,
          "total": 9,
          "maxHitDice": 2,
          "breakdown": [
            {
              "source": "Charisma",
              "type": "untyped",
              "value": 1,
              "applied": true
            }
          ]
        },
        "turningDamage": {
          "roll": [
            3,
            4
          ],
          "modifier": 4,
          "total": 11,
          "breakdown": [
            {
              "source": "effective level",
              "type": "untyped",
              "value": 3,
              "applied": true
            },
            {
              "source": "Charisma",
              "type": "untyped",
              "value": 1,
              "applied": true
            }
          ]
        },
        "dispel": null,
        "hitDiceUsed": 4
      }
    },
    "channel-positive": {
      "status": 200,
      "value": {
        "ruleset": "pf1e",
        "seed": "table-1",
        "action": "channel-positive",
        "effectiveLevel": 5,
        "usesPerDay": {
          "total": 6,
          "breakdown": [
            {
              "source": "base",
              "type": "untyped",
              "value": 3,
              "applied": true
            },
            {
              "source": "Charisma",
              "type": "untyped",
              "value": 3,
              "applied": true
            }
          ]
        },
        "results": [
          {
            "id": "fighter",
            "outcome": "healed",
            "reason": "15 hit points",
            "durationRounds": null,
            "kind": "living",
            "save": null,
            "healed": 15,
            "damage": null
          },
          {
            "id": "zombie",
            "outcome": "harmed",
            "reason": "Will save 10 failed: full damage",
            "durationRounds": null,
            "kind": "undead",
            "save": {
              "dc": 15,
              "bonus": 3,
              "breakdown": [
                {
                  "source": "base will save",
                  "type": "untyped",
                  "value": 3,
                  "applied": true
                },
                {
                  "source": "Wisdom",
                  "type": "untyped",
                  "value": 0,
                  "applied": true
                }
              ],
              "roll": 7,
              "total": 10,
              "success": false,
              "automatic": null
            },
            "healed": null,
            "damage": 15
          }
        ],
        "rolls": [
          {
            "purpose": "channel",
            "die": 6,
            "result": 5
          },
          {
            "purpose": "channel",
            "die": 6,
            "result": 5
          },
          {
            "purpose": "channel",
            "die": 6,
            "result": 5
          },
          {
            "purpose": "save",
            "die": 20,
            "result": 7
          }
        ],
        "channel": {
          "dice": "3d6",
          "roll": [
            5,
            5,
            5
          ],
          "total": 15
        },
        "saveDc": {
          "total": 15,
          "breakdown": [
            {
              "source": "base",
              "type": "untyped",
              "value": 10,
              "applied": true
            },
            {
              "source": "½ level",
              "type": "untyped",
              "value": 2,
              "applied": true
            },
            {
              "source": "Charisma",
              "type": "untyped",
              "value": 3,
              "applied": true
            }
          ]
        }
      }
    }
  },
  "resolveGrapple": {
    "start-grapple": {
      "status": 200,
      "value": {
        "action": "start",
        "ruleset": "dnd35",
        "seed": "grab",
        "success": false,
        "steps": [
          {
            "step": "attack-of-opportunity",
            "actor": "defender",
            "summary": "the attack of opportunity dealt no damage",
            "success": true,
            "provoked": true,
            "attackOfOpportunityDamage": 0
          },
          {
            "step": "touch-attack",
            "actor": "attacker",
            "summary": "the melee touch attack grabs the target",
            "success": true,
            "roll": 15,
            "natural": null,
            "modifier": 6,
            "total": 21,
            "breakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 4,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 2,
                "applied": true
              }
            ],
            "against": 9,
            "againstLabel": "touch AC",
            "againstBreakdown": [
              {
                "source": "size (large)",
                "type": "size",
                "value": -1,
                "applied": true
              }
            ],
            "acType": "touch"
          },
          {
            "step": "opposed-check",
            "actor": "attacker",
            "summary": "the defender wins the opposed grapple check: the grapple does not start",
            "success": false,
            "sides": [
              {
                "role": "attacker",
                "id": "fighter",
                "roll": 12,
                "modifier": 6,
                "total": 18,
                "breakdown": [
                  {
                    "source": "base attack bonus",
                    "type": "untyped",
                    "value": 4,
                    "applied": true
                  },
                  {
                    "source": "Strength",
                    "type": "untyped",
                    "value": 2,
                    "applied": true
                  }
                ]
              },
              {
                "role": "defender",
                "id": "ogre",
                "roll": 9,
                "modifier": 12,
                "total": 21,
                "breakdown": [
                  {
                    "source": "base attack bonus",
                    "type": "untyped",
                    "value": 3,
                    "applied": true
                  },
                  {
                    "source": "Strength",
                    "type": "untyped",
                    "value": 5,
                    "applied": true
                  },
                  {
                    "source": "special size modifier (large)",
                    "type": "size",
                    "value": 4,
                    "applied": true
                  }
                ]
              }
            ],
            "winner": "defender",
            "tieBreak": null
          }
        ],
        "state": {
          "attacker": [],
          "defender": [],
          "others": []
        },
        "damage": null,
        "effect": {},
        "rolls": [
          {
            "purpose": "touch-attack",
            "die": 20,
            "result": 15
          },
          {
            "purpose": "grapple-attacker",
            "die": 20,
            "result": 12
          },
          {
            "purpose": "grapple-defender",
            "die": 20,
            "result": 9
          }
        ]
      }
    },
    "pin": {
      "status": 200,
      "value": {
        "action": "pin",
        "ruleset": "pf1e",
        "seed": "pin",
        "success": true,
        "steps": [
          {
            "step": "combat-maneuver-check",
            "actor": "attacker",
            "summary": "the check meets the CMD by 6: the defender is pinned",
            "success": true,
            "roll": 8,
            "natural": null,
            "modifier": 14,
            "total": 22,
            "breakdown": [
              {
                "source": "printed CMB",
                "type": "untyped",
                "value": 9,
                "applied": true
              },
              {
                "source": "maintaining against the same target",
                "type": "circumstance",
                "value": 5,
                "applied": true
              }
            ],
            "against": 16,
            "againstLabel": "CMD",
            "againstBreakdown": [
              {
                "source": "other (printed CMD 16, less the base 10)",
                "type": "untyped",
                "value": 6,
                "applied": true
              }
            ],
            "margin": 6
          }
        ],
        "state": {
          "attacker": [
            "grappled"
          ],
          "defender": [
            "pinned"
          ],
          "others": []
        },
        "damage": null,
        "effect": {
          "notes": [
            "The pinner remains grappled and loses its Dexterity bonus to AC while pinning (PRD › Grapple)."
          ]
        },
        "rolls": [
          {
            "purpose": "combat-maneuver",
            "die": 20,
            "result": 8
          }
        ]
      }
    }
  },
  "resolveManeuver": {
    "bull-rush": {
      "status": 200,
      "value": {
        "maneuver": "bull-rush",
        "ruleset": "pf1e",
        "seed": "shove",
        "success": true,
        "steps": [
          {
            "step": "attack-of-opportunity",
            "actor": "defender",
            "summary": "the attack of opportunity dealt no damage",
            "success": true,
            "provoked": true,
            "attackOfOpportunityDamage": 0
          },
          {
            "step": "combat-maneuver-check",
            "actor": "attacker",
            "summary": "the check meets the CMD by 10: the target is pushed back",
            "success": true,
            "roll": 17,
            "natural": null,
            "modifier": 9,
            "total": 26,
            "breakdown": [
              {
                "source": "printed CMB",
                "type": "untyped",
                "value": 9,
                "applied": true
              }
            ],
            "against": 16,
            "againstLabel": "CMD",
            "againstBreakdown": [
              {
                "source": "other (printed CMD 16, less the base 10)",
                "type": "untyped",
                "value": 6,
                "applied": true
              }
            ],
            "margin": 10
          }
        ],
        "state": {
          "attacker": [],
          "defender": [],
          "others": []
        },
        "damage": null,
        "effect": {
          "pushFeet": 15,
          "notes": [
            "The attacker may move with the target, within its own movement; the target never passes through a solid obstacle."
          ]
        },
        "rolls": [
          {
            "purpose": "combat-maneuver",
            "die": 20,
            "result": 17
          }
        ]
      }
    },
    "trip": {
      "status": 200,
      "value": {
        "maneuver": "trip",
        "ruleset": "dnd35",
        "seed": "trip",
        "success": true,
        "steps": [
          {
            "step": "attack-of-opportunity",
            "actor": "defender",
            "summary": "the attack of opportunity dealt no damage",
            "success": true,
            "provoked": true,
            "attackOfOpportunityDamage": 0
          },
          {
            "step": "touch-attack",
            "actor": "attacker",
            "summary": "the melee touch attack connects",
            "success": true,
            "roll": 14,
            "natural": null,
            "modifier": 5,
            "total": 19,
            "breakdown": [
              {
                "source": "base attack bonus",
                "type": "untyped",
                "value": 2,
                "applied": true
              },
              {
                "source": "Strength",
                "type": "untyped",
                "value": 3,
                "applied": true
              }
            ],
            "against": 12,
            "againstLabel": "touch AC",
            "againstBreakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": 2,
                "applied": true
              }
            ],
            "acType": "touch"
          },
          {
            "step": "opposed-check",
            "actor": "attacker",
            "summary": "the Strength check wins: the defender is knocked prone",
            "success": true,
            "sides": [
              {
                "role": "attacker",
                "id": null,
                "roll": 13,
                "modifier": 3,
                "total": 16,
                "breakdown": [
                  {
                    "source": "Strength",
                    "type": "untyped",
                    "value": 3,
                    "applied": true
                  }
                ]
              },
              {
                "role": "defender",
                "id": null,
                "roll": 9,
                "modifier": 2,
                "total": 11,
                "breakdown": [
                  {
                    "source": "Dexterity",
                    "type": "untyped",
                    "value": 2,
                    "applied": true
                  }
                ]
              }
            ],
            "winner": "attacker",
            "tieBreak": null
          }
        ],
        "state": {
          "attacker": [],
          "defender": [
            "prone"
          ],
          "others": []
        },
        "damage": null,
        "effect": {},
        "rolls": [
          {
            "purpose": "touch-attack",
            "die": 20,
            "result": 14
          },
          {
            "purpose": "maneuver-attacker",
            "die": 20,
            "result": 13
          },
          {
            "purpose": "maneuver-defender",
            "die": 20,
            "result": 9
          }
        ]
      }
    }
  },
  "applyDamage": {
    "drop-to-dying": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "ogre-hit",
        "amount": 6,
        "before": {
          "max": 20,
          "current": 5,
          "temporary": 0,
          "nonlethal": 0,
          "status": "healthy"
        },
        "after": {
          "max": 20,
          "current": -1,
          "temporary": 0,
          "nonlethal": 0,
          "status": "dying"
        },
        "massiveDamage": null,
        "deathSave": null,
        "wound": null,
        "rolls": []
      }
    },
    "massive-damage": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "fireball",
        "amount": 57,
        "before": {
          "max": 120,
          "current": 120,
          "temporary": 0,
          "nonlethal": 0,
          "status": "healthy"
        },
        "after": {
          "max": 120,
          "current": 63,
          "temporary": 0,
          "nonlethal": 0,
          "status": "healthy"
        },
        "massiveDamage": {
          "dc": 15,
          "roll": 16,
          "total": 22,
          "survived": true,
          "breakdown": [
            {
              "source": "base fortitude save",
              "type": "untyped",
              "value": 4,
              "applied": true
            },
            {
              "source": "Constitution",
              "type": "untyped",
              "value": 2,
              "applied": true
            }
          ]
        },
        "deathSave": null,
        "wound": null,
        "rolls": [
          {
            "purpose": "damage",
            "die": 6,
            "result": 2
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 2
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 3
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 2
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 4
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 5
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 1
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "massive-damage",
            "die": 20,
            "result": 16
          }
        ]
      }
    },
    "variant-death-save": {
      "status": 200,
      "value": {
        "ruleset": "variant",
        "seed": "death-save",
        "amount": 24,
        "before": {
          "max": 20,
          "current": 20,
          "temporary": 0,
          "nonlethal": 0,
          "status": "healthy",
          "damageTaken": 0,
          "woundPoints": 0,
          "deathSaves": {
            "successes": 0,
            "failures": 0
          },
          "constitutionDamage": 0,
          "bloodied": false,
          "wounded": false,
          "penalty": 0
        },
        "after": {
          "max": 20,
          "current": -4,
          "temporary": 0,
          "nonlethal": 0,
          "status": "staggered",
          "damageTaken": 24,
          "woundPoints": 10,
          "deathSaves": {
            "successes": 0,
            "failures": 0
          },
          "constitutionDamage": 0,
          "bloodied": true,
          "wounded": true,
          "penalty": -2
        },
        "massiveDamage": null,
        "deathSave": {
          "dc": 12,
          "roll": 10,
          "total": 12,
          "success": true,
          "margin": 0,
          "breakdown": [
            {
              "source": "base death save",
              "type": "untyped",
              "value": 2,
              "applied": true
            }
          ]
        },
        "wound": {
          "points": 10,
          "nasty": false
        },
        "rolls": [
          {
            "purpose": "death-save",
            "die": 20,
            "result": 10
          }
        ]
      }
    }
  },
  "applyHealing": {
    "magical-healing": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "cure",
        "amount": 4,
        "before": {
          "max": 20,
          "current": -3,
          "temporary": 0,
          "nonlethal": 0,
          "status": "dying"
        },
        "after": {
          "max": 20,
          "current": 1,
          "temporary": 0,
          "nonlethal": 0,
          "status": "healthy"
        },
        "check": null,
        "rolls": []
      }
    },
    "stabilize": {
      "status": 200,
      "value": {
        "ruleset": "pf1e",
        "seed": "stabilize",
        "amount": null,
        "before": {
          "max": 20,
          "current": -4,
          "temporary": 0,
          "nonlethal": 0,
          "status": "dying"
        },
        "after": {
          "max": 20,
          "current": -4,
          "temporary": 0,
          "nonlethal": 0,
          "status": "stable"
        },
        "check": {
          "die": 20,
          "roll": 13,
          "total": 10,
          "dc": 10,
          "success": true,
          "breakdown": [
            {
              "source": "Constitution",
              "type": "untyped",
              "value": 1,
              "applied": true
            },
            {
              "source": "negative hit points",
              "type": "untyped",
              "value": -4,
              "applied": true
            }
          ]
        },
        "rolls": [
          {
            "purpose": "stabilize",
            "die": 20,
            "result": 13
          }
        ]
      }
    },
    "bed-rest": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "rest",
        "amount": 10,
        "before": {
          "max": 40,
          "current": 12,
          "temporary": 0,
          "nonlethal": 0,
          "status": "healthy"
        },
        "after": {
          "max": 40,
          "current": 22,
          "temporary": 0,
          "nonlethal": 0,
          "status": "healthy"
        },
        "check": null,
        "rolls": []
      }
    }
  },
  "rollSaves": {
    "fireball": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "fireball-1",
        "save": "reflex",
        "dc": 15,
        "effectDamage": {
          "total": 24,
          "nonlethal": false,
          "breakdown": [
            {
              "source": "+8d6",
              "type": "untyped",
              "value": 24,
              "applied": true
            }
          ]
        },
        "results": [
          {
            "id": "rogue",
            "saveBonus": 10,
            "breakdown": [
              {
                "source": "base reflex save",
                "type": "untyped",
                "value": 6,
                "applied": true
              },
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": 4,
                "applied": true
              }
            ],
            "roll": 2,
            "total": 12,
            "success": false,
            "automatic": null,
            "damage": 24,
            "damageRule": null
          },
          {
            "id": "ogre",
            "saveBonus": 1,
            "breakdown": [
              {
                "source": "base reflex save",
                "type": "untyped",
                "value": 0,
                "applied": true
              },
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": -1,
                "applied": true
              },
              {
                "source": "cover",
                "type": "untyped",
                "value": 2,
                "applied": true
              }
            ],
            "roll": 10,
            "total": 11,
            "success": false,
            "automatic": null,
            "damage": 24,
            "damageRule": null
          }
        ],
        "rolls": [
          {
            "purpose": "damage",
            "die": 6,
            "result": 2
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 4
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 1
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 6
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 2
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 4
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 1
          },
          {
            "purpose": "damage",
            "die": 6,
            "result": 4
          },
          {
            "purpose": "save",
            "die": 20,
            "result": 2
          },
          {
            "purpose": "save",
            "die": 20,
            "result": 10
          }
        ]
      }
    }
  },
  "rollInitiative": {
    "ambush": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "seed": "ambush",
        "order": [
          {
            "id": "fighter",
            "roll": 3,
            "modifier": 5,
            "total": 8,
            "breakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": 1,
                "applied": true
              },
              {
                "source": "Improved Initiative",
                "type": "untyped",
                "value": 4,
                "applied": true
              }
            ],
            "tieBreak": [],
            "simultaneousWith": []
          },
          {
            "id": "goblin",
            "roll": 1,
            "modifier": 2,
            "total": 3,
            "breakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": 2,
                "applied": true
              }
            ],
            "tieBreak": [],
            "simultaneousWith": []
          }
        ],
        "surpriseRound": true,
        "surpriseActors": [
          "fighter"
        ],
        "flatFooted": [
          "fighter",
          "goblin"
        ],
        "rolls": [
          {
            "purpose": "initiative",
            "die": 20,
            "result": 3
          },
          {
            "purpose": "initiative",
            "die": 20,
            "result": 1
          }
        ]
      }
    },
    "variant": {
      "status": 200,
      "value": {
        "ruleset": "variant",
        "seed": "skirmish",
        "order": [
          {
            "id": "hero",
            "roll": 19,
            "modifier": 5,
            "total": 24,
            "breakdown": [
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": 2,
                "applied": true
              },
              {
                "source": "base combat bonus",
                "type": "untyped",
                "value": 3,
                "applied": true
              }
            ],
            "tieBreak": [],
            "simultaneousWith": []
          },
          {
            "id": "orc",
            "roll": 1,
            "modifier": 1,
            "total": 2,
            "breakdown": [
              {
                "source": "base combat bonus",
                "type": "untyped",
                "value": 2,
                "applied": true
              },
              {
                "source": "bloodied",
                "type": "untyped",
                "value": -1,
                "applied": true
              }
            ],
            "tieBreak": [],
            "simultaneousWith": []
          }
        ],
        "surpriseRound": false,
        "surpriseActors": [],
        "flatFooted": [
          "hero",
          "orc"
        ],
        "rolls": [
          {
            "purpose": "initiative",
            "die": 20,
            "result": 19
          },
          {
            "purpose": "initiative",
            "die": 20,
            "result": 1
          }
        ]
      }
    }
  },
  "saveOdds": {
    "fireball-odds": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "save": "reflex",
        "dc": 15,
        "effectDamage": {
          "nonlethal": false,
          "expected": 10.499999999999998,
          "distribution": [
            {
              "damage": 3,
              "probability": 0.004629629629629629
            },
            {
              "damage": 4,
              "probability": 0.013888888888888888
            },
            {
              "damage": 5,
              "probability": 0.027777777777777776
            },
            {
              "damage": 6,
              "probability": 0.0462962962962963
            },
            {
              "damage": 7,
              "probability": 0.06944444444444443
            },
            {
              "damage": 8,
              "probability": 0.09722222222222221
            },
            {
              "damage": 9,
              "probability": 0.11574074074074071
            },
            {
              "damage": 10,
              "probability": 0.12499999999999996
            },
            {
              "damage": 11,
              "probability": 0.12499999999999999
            },
            {
              "damage": 12,
              "probability": 0.11574074074074071
            },
            {
              "damage": 13,
              "probability": 0.09722222222222221
            },
            {
              "damage": 14,
              "probability": 0.06944444444444443
            },
            {
              "damage": 15,
              "probability": 0.0462962962962963
            },
            {
              "damage": 16,
              "probability": 0.02777777777777779
            },
            {
              "damage": 17,
              "probability": 0.013888888888888895
            },
            {
              "damage": 18,
              "probability": 0.004629629629629632
            }
          ]
        },
        "results": [
          {
            "id": "rogue",
            "saveBonus": 10,
            "breakdown": [
              {
                "source": "base reflex save",
                "type": "untyped",
                "value": 6,
                "applied": true
              },
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": 4,
                "applied": true
              }
            ],
            "successChance": 0.8,
            "damageRule": "evasion",
            "expectedDamage": 2.099999999999999,
            "damageDistribution": [
              {
                "damage": 0,
                "probability": 0.7999999999999999
              },
              {
                "damage": 3,
                "probability": 0.0009259259259259256
              },
              {
                "damage": 4,
                "probability": 0.002777777777777777
              },
              {
                "damage": 5,
                "probability": 0.005555555555555554
              },
              {
                "damage": 6,
                "probability": 0.009259259259259259
              },
              {
                "damage": 7,
                "probability": 0.013888888888888883
              },
              {
                "damage": 8,
                "probability": 0.019444444444444438
              },
              {
                "damage": 9,
                "probability": 0.023148148148148136
              },
              {
                "damage": 10,
                "probability": 0.024999999999999988
              },
              {
                "damage": 11,
                "probability": 0.02499999999999999
              },
              {
                "damage": 12,
                "probability": 0.023148148148148136
              },
              {
                "damage": 13,
                "probability": 0.019444444444444438
              },
              {
                "damage": 14,
                "probability": 0.013888888888888883
              },
              {
                "damage": 15,
                "probability": 0.009259259259259259
              },
              {
                "damage": 16,
                "probability": 0.005555555555555557
              },
              {
                "damage": 17,
                "probability": 0.0027777777777777783
              },
              {
                "damage": 18,
                "probability": 0.0009259259259259262
              }
            ]
          },
          {
            "id": "ogre",
            "saveBonus": 0,
            "breakdown": [
              {
                "source": "base reflex save",
                "type": "untyped",
                "value": 0,
                "applied": true
              },
              {
                "source": "Dexterity",
                "type": "untyped",
                "value": 0,
                "applied": true
              }
            ],
            "successChance": 0.3,
            "damageRule": null,
            "expectedDamage": 8.85,
            "damageDistribution": [
              {
                "damage": 1,
                "probability": 0.0013888888888888887
              },
              {
                "damage": 2,
                "probability": 0.0125
              },
              {
                "damage": 3,
                "probability": 0.03796296296296296
              },
              {
                "damage": 4,
                "probability": 0.0736111111111111
              },
              {
                "damage": 5,
                "probability": 0.09444444444444441
              },
              {
                "damage": 6,
                "probability": 0.09629629629629628
              },
              {
                "damage": 7,
                "probability": 0.08333333333333331
              },
              {
                "damage": 8,
                "probability": 0.08055555555555553
              },
              {
                "damage": 9,
                "probability": 0.08240740740740737
              },
              {
                "damage": 10,
                "probability": 0.08749999999999997
              },
              {
                "damage": 11,
                "probability": 0.08749999999999998
              },
              {
                "damage": 12,
                "probability": 0.08101851851851849
              },
              {
                "damage": 13,
                "probability": 0.06805555555555554
              },
              {
                "damage": 14,
                "probability": 0.0486111111111111
              },
              {
                "damage": 15,
                "probability": 0.032407407407407406
              },
              {
                "damage": 16,
                "probability": 0.01944444444444445
              },
              {
                "damage": 17,
                "probability": 0.009722222222222226
              },
              {
                "damage": 18,
                "probability": 0.0032407407407407424
              }
            ]
          }
        ]
      }
    }
  },
  "maneuverOdds": {
    "trip-odds": {
      "status": 200,
      "value": {
        "maneuver": "trip",
        "ruleset": "dnd35",
        "success": 0.40074999999999994,
        "counter": {
          "attempted": 0.2992499999999999,
          "succeeded": 0.11446312499999997
        },
        "damageDistribution": null,
        "outcomes": [
          {
            "probability": 0.40074999999999994,
            "success": true,
            "counter": "none",
            "state": {
              "attacker": [],
              "defender": [
                "prone"
              ],
              "others": []
            },
            "damage": null,
            "effect": {}
          },
          {
            "probability": 0.3,
            "success": false,
            "counter": "none",
            "state": {
              "attacker": [],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {}
          },
          {
            "probability": 0.1847868749999999,
            "success": false,
            "counter": "failed",
            "state": {
              "attacker": [],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {}
          },
          {
            "probability": 0.11446312499999997,
            "success": false,
            "counter": "succeeded",
            "state": {
              "attacker": [
                "prone"
              ],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {}
          }
        ]
      }
    },
    "bull-rush-odds": {
      "status": 200,
      "value": {
        "maneuver": "bull-rush",
        "ruleset": "pf1e",
        "success": 0.7,
        "counter": null,
        "damageDistribution": null,
        "outcomes": [
          {
            "probability": 0.3,
            "success": false,
            "counter": "none",
            "state": {
              "attacker": [],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {
              "notes": [
                "The attacker stops in front of the target."
              ]
            }
          },
          {
            "probability": 0.25,
            "success": true,
            "counter": "none",
            "state": {
              "attacker": [],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {
              "pushFeet": 5,
              "notes": [
                "The attacker may move with the target, within its own movement; the target never passes through a solid obstacle."
              ]
            }
          },
          {
            "probability": 0.25,
            "success": true,
            "counter": "none",
            "state": {
              "attacker": [],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {
              "pushFeet": 10,
              "notes": [
                "The attacker may move with the target, within its own movement; the target never passes through a solid obstacle."
              ]
            }
          },
          {
            "probability": 0.2,
            "success": true,
            "counter": "none",
            "state": {
              "attacker": [],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {
              "pushFeet": 15,
              "notes": [
                "The attacker may move with the target, within its own movement; the target never passes through a solid obstacle."
              ]
            }
          }
        ]
      }
    }
  },
  "grappleOdds": {
    "start-grapple-odds": {
      "status": 200,
      "value": {
        "action": "start",
        "ruleset": "dnd35",
        "success": 0.20475000000000004,
        "counter": null,
        "damageDistribution": [
          {
            "damage": 0,
            "probability": 0.7952500000000003
          },
          {
            "damage": 3,
            "probability": 0.06825000000000002
          },
          {
            "damage": 4,
            "probability": 0.06825000000000002
          },
          {
            "damage": 5,
            "probability": 0.06825000000000002
          }
        ],
        "outcomes": [
          {
            "probability": 0.7952500000000003,
            "success": false,
            "counter": "none",
            "state": {
              "attacker": [],
              "defender": [],
              "others": []
            },
            "damage": null,
            "effect": {}
          },
          {
            "probability": 0.06825000000000002,
            "success": true,
            "counter": "none",
            "state": {
              "attacker": [
                "grappling"
              ],
              "defender": [
                "grappling"
              ],
              "others": []
            },
            "damage": {
              "total": 3,
              "lethal": 0,
              "nonlethal": 3
            },
            "effect": {
              "notes": [
                "Step 4: the attacker moves into the target's space to maintain the grapple; if it cannot, it lets go at once (SRD 3.5 › Starting a Grapple)."
              ]
            }
          },
          {
            "probability": 0.06825000000000002,
            "success": true,
            "counter": "none",
            "state": {
              "attacker": [
                "grappling"
              ],
              "defender": [
                "grappling"
              ],
              "others": []
            },
            "damage": {
              "total": 4,
              "lethal": 0,
              "nonlethal": 4
            },
            "effect": {
              "notes": [
                "Step 4: the attacker moves into the target's space to maintain the grapple; if it cannot, it lets go at once (SRD 3.5 › Starting a Grapple)."
              ]
            }
          },
          {
            "probability": 0.06825000000000002,
            "success": true,
            "counter": "none",
            "state": {
              "attacker": [
                "grappling"
              ],
              "defender": [
                "grappling"
              ],
              "others": []
            },
            "damage": {
              "total": 5,
              "lethal": 0,
              "nonlethal": 5
            },
            "effect": {
              "notes": [
                "Step 4: the attacker moves into the target's space to maintain the grapple; if it cannot, it lets go at once (SRD 3.5 › Starting a Grapple)."
              ]
            }
          }
        ]
      }
    }
  },
  "turningOdds": {
    "turn-undead-odds": {
      "status": 200,
      "value": {
        "ruleset": "dnd35",
        "action": "turn",
        "procedure": "turn-undead",
        "effectiveLevel": 3,
        "results": [
          {
            "id": "zombie-1",
            "outcomes": [
              {
                "outcome": "turned",
                "probability": 0.7500000000000001
              },
              {
                "outcome": "unaffected",
                "probability": 0.25
              }
            ]
          },
          {
            "id": "zombie-2",
            "outcomes": [
              {
                "outcome": "turned",
                "probability": 0.7500000000000001
              },
              {
                "outcome": "unaffected",
                "probability": 0.25
              }
            ]
          },
          {
            "id": "wight",
            "outcomes": [
              {
                "outcome": "unaffected",
                "probability": 0.5874999999999999
              },
              {
                "outcome": "turned",
                "probability": 0.4125000000000001
              }
            ]
          }
        ],
        "turningCheck": {
          "modifier": 1,
          "breakdown": [
            {
              "source": "Charisma",
              "type": "untyped",
              "value": 1,
              "applied": true
            }
          ],
          "distribution": [
            {
              "total": 2,
              "maxHitDice": 0,
              "probability": 0.05
            },
            {
              "total": 3,
              "maxHitDice": 0,
              "probability": 0.05
            },
            {
              "total": 4,
              "maxHitDice": 1,
              "probability": 0.05
            },
            {
              "total": 5,
              "maxHitDice": 1,
              "probability": 0.05
            },
            {
              "total": 6,
              "maxHitDice": 1,
              "probability": 0.05
            },
            {
              "total": 7,
              "maxHitDice": 2,
              "probability": 0.05
            },
            {
              "total": 8,
              "maxHitDice": 2,
              "probability": 0.05
            },
            {
              "total": 9,
              "maxHitDice": 2,
              "probability": 0.05
            },
            {
              "total": 10,
              "maxHitDice": 3,
              "probability": 0.05
            },
            {
              "total": 11,
              "maxHitDice": 3,
              "probability": 0.05
            },
            {
              "total": 12,
              "maxHitDice": 3,
              "probability": 0.05
            },
            {
              "total": 13,
              "maxHitDice": 4,
              "probability": 0.05
            },
            {
              "total": 14,
              "maxHitDice": 4,
              "probability": 0.05
            },
            {
              "total": 15,
              "maxHitDice": 4,
              "probability": 0.05
            },
            {
              "total": 16,
              "maxHitDice": 5,
              "probability": 0.05
            },
            {
              "total": 17,
              "maxHitDice": 5,
              "probability": 0.05
            },
            {
              "total": 18,
              "maxHitDice": 5,
              "probability": 0.05
            },
            {
              "total": 19,
              "maxHitDice": 6,
              "probability": 0.05
            },
            {
              "total": 20,
              "maxHitDice": 6,
              "probability": 0.05
            },
            {
              "total": 21,
              "maxHitDice": 6,
              "probability": 0.05
            }
          ]
        },
        "maxHitDice": [
          {
            "value": 0,
            "probability": 0.1
          },
          {
            "value": 1,
            "probability": 0.15000000000000002
          },
          {
            "value": 2,
            "probability": 0.15000000000000002
          },
          {
            "value": 3,
            "probability": 0.15000000000000002
          },
          {
            "value": 4,
            "probability": 0.15000000000000002
          },
          {
            "value": 5,
            "probability": 0.15000000000000002
          },
          {
            "value": 6,
            "probability": 0.15000000000000002
          }
        ],
        "turningDamage": {
          "rolledChance": 0.7500000000000001,
          "distribution": [
            {
              "value": 6,
              "probability": 0.020833333333333336
            },
            {
              "value": 7,
              "probability": 0.04166666666666667
            },
            {
              "value": 8,
              "probability": 0.0625
            },
            {
              "value": 9,
              "probability": 0.08333333333333334
            },
            {
              "value": 10,
              "probability": 0.10416666666666669
            },
            {
              "value": 11,
              "probability": 0.125
            },
            {
              "value": 12,
              "probability": 0.10416666666666669
            },
            {
              "value": 13,
              "probability": 0.08333333333333334
            },
            {
              "value": 14,
              "probability": 0.0625
            },
            {
              "value": 15,
              "probability": 0.04166666666666667
            },
            {
              "value": 16,
              "probability": 0.020833333333333336
            }
          ]
        },
        "hitDiceUsed": [
          {
            "value": 0,
            "probability": 0.25
          },
          {
            "value": 4,
            "probability": 0.3375000000000001
          },
          {
            "value": 8,
            "probability": 0.4125000000000001
          }
        ],
        "dispelChance": null
      }
    },
    "channel-positive-odds": {
      "status": 200,
      "value": {
        "ruleset": "pf1e",
        "action": "channel-positive",
        "procedure": "channel-energy",
        "effectiveLevel": 3,
        "results": [
          {
            "id": "fighter",
            "outcomes": [
              {
                "outcome": "healed",
                "probability": 0.9999999999999999
              }
            ],
            "kind": "living",
            "save": null,
            "healed": [
              {
                "value": 2,
                "probability": 0.027777777777777776
              },
              {
                "value": 3,
                "probability": 0.05555555555555555
              },
              {
                "value": 4,
                "probability": 0.08333333333333333
              },
              {
                "value": 5,
                "probability": 0.8333333333333331
              }
            ],
            "damage": null
          },
          {
            "id": "zombie",
            "outcomes": [
              {
                "outcome": "harmed",
                "probability": 0.9999999999999998
              }
            ],
            "kind": "undead",
            "save": {
              "dc": 14,
              "bonus": 3,
              "breakdown": [
                {
                  "source": "base will save",
                  "type": "untyped",
                  "value": 3,
                  "applied": true
                },
                {
                  "source": "Wisdom",
                  "type": "untyped",
                  "value": 0,
                  "applied": true
                }
              ],
              "successChance": 0.5
            },
            "healed": null,
            "damage": [
              {
                "value": 1,
                "probability": 0.041666666666666664
              },
              {
                "value": 2,
                "probability": 0.1111111111111111
              },
              {
                "value": 3,
                "probability": 0.18055555555555552
              },
              {
                "value": 4,
                "probability": 0.16666666666666666
              },
              {
                "value": 5,
                "probability": 0.12499999999999999
              },
              {
                "value": 6,
                "probability": 0.08333333333333331
              },
              {
                "value": 7,
                "probability": 0.08333333333333333
              },
              {
                "value": 8,
                "probability": 0.06944444444444443
              },
              {
                "value": 9,
                "probability": 0.055555555555555546
              },
              {
                "value": 10,
                "probability": 0.04166666666666666
              },
              {
                "value": 11,
                "probability": 0.027777777777777773
              },
              {
                "value": 12,
                "probability": 0.013888888888888886
              }
            ]
          }
        ],
        "saveDc": 14,
        "channel": {
          "dice": "2d6",
          "distribution": [
            {
              "value": 2,
              "probability": 0.027777777777777776
            },
            {
              "value": 3,
              "probability": 0.05555555555555555
            },
            {
              "value": 4,
              "probability": 0.08333333333333333
            },
            {
              "value": 5,
              "probability": 0.1111111111111111
            },
            {
              "value": 6,
              "probability": 0.13888888888888887
            },
            {
              "value": 7,
              "probability": 0.16666666666666666
            },
            {
              "value": 8,
              "probability": 0.13888888888888887
            },
            {
              "value": 9,
              "probability": 0.11111111111111109
            },
            {
              "value": 10,
              "probability": 0.08333333333333331
            },
            {
              "value": 11,
              "probability": 0.055555555555555546
            },
            {
              "value": 12,
              "probability": 0.027777777777777773
            }
          ]
        }
      }
    }
  }
}
